// The edit and create views of a document (collection or single type): an input per attribute,
// the locale switcher, "copy from another locale", and draft & publish (save, publish, unpublish,
// discard) with the document's status. Server validation errors land at their field (the data
// provider turns details.errors into the form's errors); leaving with unsaved changes asks first.
import { useState } from 'react';
import {
  Button,
  Create,
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  usePermissions,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, FormControl, InputLabel, Menu, MenuItem, Select, Stack, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { dataProvider, SINGLE_ID, SINGLE_PREFIX } from '../dataProvider';
import { defaultLocale, editableAttributes, meta, typeByResource, typeBySingularName, type ContentTypeMeta } from '../meta';
import { toPayload } from '../payload';
import { can, canOnDocument, type Grants } from '../permissions';
import { AttributeInput } from './inputs';
import { isCount, loadAllRelated } from './RelationInput';
import { StatusChip } from './StatusChip';

type Mode = 'edit' | 'create';

interface DocMeta {
  availableLocales?: { locale: string; status?: string }[];
  missingLocale?: string;
  empty?: boolean;
  /** The server refused to show the document to this role (403). */
  forbidden?: boolean;
}

const transformFor = (ct: ContentTypeMeta) => (data: Record<string, unknown>) => toPayload(data, ct.attributes, meta().components);

function useLocale(ct: ContentTypeMeta): [string | undefined, (locale: string) => void] {
  const [params, setParams] = useSearchParams();
  const locale = ct.localized ? (params.get('locale') ?? defaultLocale()) : undefined;
  const set = (next: string) => {
    const copy = new URLSearchParams(params);
    copy.set('locale', next);
    setParams(copy);
  };
  return [locale, set];
}

function LocaleBar({ ct, locale, onLocale, mode }: { ct: ContentTypeMeta; locale?: string; onLocale(l: string): void; mode: Mode }) {
  const record = useRecordContext();
  const resource = useResourceContext() as string;
  const { setValue } = useFormContext();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const docMeta = (record?.__meta ?? {}) as DocMeta;
  const available = docMeta.availableLocales ?? [];
  const statusOf = (code: string) => available.find((a) => a.locale === code)?.status ?? (code === locale && !docMeta.missingLocale && mode === 'edit' ? (record?.status as string) : undefined);
  const copyFrom = async (from: string) => {
    setAnchor(null);
    try {
      const { data } = await dataProvider.getOne(resource, { id: record?.id ?? SINGLE_ID, meta: { locale: from } });
      for (const [name, a] of editableAttributes(ct.attributes)) {
        if (a.localized === false || a.type === 'password' || !(name in data)) continue;
        // A to-many relation comes as its count: its entries are read in full to be copied.
        const value = a.type === 'relation' && isCount(data[name]) ? await loadAllRelated(ct.uid, String(data.documentId), name, from) : data[name];
        setValue(name, value, { shouldDirty: true });
      }
      notify(`Copied the ${from} version; save to keep it`, { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  if (!ct.localized) return null;
  const others = available.filter((a) => a.locale !== locale);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, width: '100%' }} className="locale-bar">
      <FormControl size="small" sx={{ minWidth: 200 }}>
        <InputLabel id="locale-label">Locale</InputLabel>
        <Select labelId="locale-label" label="Locale" value={locale ?? ''} onChange={(e) => onLocale(e.target.value)} inputProps={{ 'aria-label': 'Locale', name: 'locale-switcher' }}>
          {meta().locales.map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {l.name} ({l.code}) {mode === 'edit' ? (statusOf(l.code) ? `· ${statusOf(l.code)}` : '· not created') : ''}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {mode === 'edit' && others.length > 0 && (
        <>
          <Button label="Copy from locale" startIcon={<CopyIcon />} onClick={(e) => setAnchor(e.currentTarget)} />
          <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
            {others.map((a) => (
              <MenuItem key={a.locale} onClick={() => void copyFrom(a.locale)}>
                {a.locale}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}

function DocHeader({ ct, locale, onLocale, mode, readOnly }: { ct: ContentTypeMeta; locale?: string; onLocale(l: string): void; mode: Mode; readOnly: boolean }) {
  const record = useRecordContext();
  const docMeta = (record?.__meta ?? {}) as DocMeta;
  const by = (user: unknown) => {
    const u = user as { firstname?: string; lastname?: string } | null | undefined;
    return u ? `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim() : undefined;
  };
  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h1" className="doc-title">
          {mode === 'create' || docMeta.empty ? `New ${ct.displayName}` : String(record?.[ct.mainField] ?? ct.displayName)}
        </Typography>
        {ct.draftAndPublish && mode === 'edit' && !docMeta.missingLocale && !docMeta.empty && !docMeta.forbidden && <StatusChip status={record?.status as string} />}
      </Stack>
      {mode === 'edit' && record?.createdBy !== undefined && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {by(record?.createdBy) ? `Created by ${by(record?.createdBy)}` : ''}
          {by(record?.updatedBy) ? ` · last edited by ${by(record?.updatedBy)}` : ''}
        </Typography>
      )}
      <LocaleBar ct={ct} locale={locale} onLocale={onLocale} mode={mode} />
      {docMeta.missingLocale && (
        <Alert severity="info" sx={{ mb: 2 }} className="missing-locale">
          This entry has no {docMeta.missingLocale} version yet. Fill it in (or copy another locale) and save to create it.
        </Alert>
      )}
      {readOnly && (
        <Alert severity="warning" sx={{ mb: 2 }} className="read-only">
          {docMeta.forbidden ? 'Your role does not let you open this entry.' : 'You can read this entry but not change it.'}
        </Alert>
      )}
    </Box>
  );
}

function DocToolbar({ ct, mode, locale, grants, single }: { ct: ContentTypeMeta; mode: Mode; locale?: string; grants?: Grants; single?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext() as string;
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const docMeta = (record?.__meta ?? {}) as DocMeta;
  const exists = mode === 'edit' && !docMeta.missingLocale && !docMeta.empty;
  const status = exists ? (record?.status as string | undefined) : undefined;
  const canUpdate = mode === 'create' ? can(grants, 'create', ct.uid, locale) : exists ? canOnDocument(grants, 'update', ct.uid, record, locale) : can(grants, 'create', ct.uid, locale);
  const canPublish = can(grants, 'publish', ct.uid, locale) && (mode === 'create' || canOnDocument(grants, 'publish', ct.uid, record, locale));
  const canDelete = exists && canOnDocument(grants, 'delete', ct.uid, record, locale);
  const localeSuffix = locale ? `?locale=${encodeURIComponent(locale)}` : '';
  const act = async (action: 'publish' | 'unpublish' | 'discard', id = record?.id) => {
    try {
      await dataProvider.documentAction(resource, id as string, action, locale);
      notify(action === 'publish' ? 'Published' : action === 'unpublish' ? 'Unpublished' : 'Draft discarded', { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const afterCreate = (data: RaRecord) => redirect(`/${resource}/${encodeURIComponent(String(data.id))}${localeSuffix}`);
  return (
    <Toolbar sx={{ display: 'flex', gap: 1 }}>
      {canUpdate && (
        <SaveButton
          label={ct.draftAndPublish ? 'Save draft' : 'Save'}
          mutationOptions={{
            onSuccess: (data: RaRecord) => {
              notify('Saved', { type: 'info' });
              if (mode === 'create') afterCreate(data);
              else refresh();
            },
          }}
          type="button"
        />
      )}
      {ct.draftAndPublish && canUpdate && canPublish && (
        <SaveButton
          label="Publish"
          icon={<PublishIcon />}
          variant="outlined"
          alwaysEnable
          type="button"
          className="publish-button"
          mutationOptions={{
            onSuccess: async (data: RaRecord) => {
              await act('publish', data.id ?? record?.id);
              if (mode === 'create') afterCreate(data);
            },
          }}
        />
      )}
      {ct.draftAndPublish && status && status !== 'draft' && canPublish && <Button label="Unpublish" startIcon={<UnpublishedIcon />} onClick={() => void act('unpublish')} />}
      {ct.draftAndPublish && status === 'modified' && canUpdate && (
        <Button
          label="Discard changes"
          startIcon={<UndoIcon />}
          onClick={() => {
            if (window.confirm('Discard the draft and go back to the published version?')) void act('discard');
          }}
        />
      )}
      <Box sx={{ flex: 1 }} />
      {canDelete && !single && <DeleteButton mutationMode="pessimistic" mutationOptions={{ meta: { locale } }} redirect="list" />}
      {canDelete && single && (
        <Button
          label="Delete"
          color="error"
          onClick={async () => {
            if (!window.confirm('Delete this entry?')) return;
            await dataProvider.delete(resource, { id: SINGLE_ID, meta: { locale } });
            notify('Deleted', { type: 'info' });
            refresh();
          }}
        />
      )}
    </Toolbar>
  );
}

function DocumentForm({ ct, mode, locale, onLocale, single }: { ct: ContentTypeMeta; mode: Mode; locale?: string; onLocale(l: string): void; single?: boolean }) {
  const { permissions } = usePermissions<Grants>();
  const resource = useResourceContext() as string;
  return (
    <SimpleForm warnWhenUnsavedChanges toolbar={<DocToolbar ct={ct} mode={mode} locale={locale} grants={permissions} single={single} />} sx={{ maxWidth: 960 }} className="document-form">
      <FormBody ct={ct} mode={mode} locale={locale} onLocale={onLocale} grants={permissions} resource={resource} />
    </SimpleForm>
  );
}

function FormBody({ ct, mode, locale, onLocale, grants, resource }: { ct: ContentTypeMeta; mode: Mode; locale?: string; onLocale(l: string): void; grants?: Grants; resource: string }) {
  const record = useRecordContext();
  const docMeta = (record?.__meta ?? {}) as DocMeta;
  const exists = mode === 'edit' && !docMeta.missingLocale && !docMeta.empty;
  const readOnly = mode === 'edit' && exists && !canOnDocument(grants, 'update', ct.uid, record, locale);
  return (
    <>
      <DocHeader ct={ct} locale={locale} onLocale={onLocale} mode={mode} readOnly={readOnly} />
      {!docMeta.forbidden && (
        <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, width: '100%', minWidth: 0 }}>
          {editableAttributes(ct.attributes).map(([name, a]) => (
            <AttributeInput key={name} name={name} attribute={a} ctx={{ ownerUid: ct.uid, resource, locale }} />
          ))}
        </Box>
      )}
    </>
  );
}

export function ContentEdit() {
  const resource = useResourceContext() as string;
  const ct = typeByResource(resource);
  if (!ct) return null;
  return <EditFor ct={ct} resource={resource} />;
}

function EditFor({ ct, resource, id, single }: { ct: ContentTypeMeta; resource: string; id?: string; single?: boolean }) {
  const [locale, setLocale] = useLocale(ct);
  return (
    <Edit
      key={`${resource}-${locale}`}
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      queryOptions={{ meta: { locale } }}
      mutationOptions={{ meta: { locale } }}
      transform={transformFor(ct)}
      redirect={false}
      actions={false}
      title={ct.displayName}
    >
      <DocumentForm ct={ct} mode="edit" locale={locale} onLocale={setLocale} single={single} />
    </Edit>
  );
}

export function ContentCreate() {
  const resource = useResourceContext() as string;
  const ct = typeByResource(resource);
  const [locale, setLocale] = useLocale(ct ?? ({ localized: false } as ContentTypeMeta));
  if (!ct) return null;
  return (
    <Create key={`${resource}-${locale}`} mutationOptions={{ meta: { locale } }} transform={transformFor(ct)} redirect={false} title={`New ${ct.displayName}`}>
      <DocumentForm ct={ct} mode="create" locale={locale} onLocale={setLocale} />
    </Create>
  );
}

export function SingleTypePage() {
  const { name } = useParams();
  const ct = typeBySingularName(name ?? '');
  if (!ct) return <Alert severity="error">Unknown single type {name}</Alert>;
  return <EditFor key={ct.uid} ct={ct} resource={`${SINGLE_PREFIX}${ct.singularName}`} id={SINGLE_ID} single />;
}
