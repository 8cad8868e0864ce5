// The list of a collection type: columns the editor picks, search, a filter per attribute, sort,
// pagination and bulk delete / publish / unpublish.
import type { ReactElement } from 'react';
import {
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  Button,
  CreateButton,
  DatagridConfigurable,
  DateField,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/UnpublishedOutlined';
import { dataProvider } from '../dataProvider';
import { defaultLocale, labelOf, meta, typeByResource, type AttributeMeta, type ContentTypeMeta } from '../meta';
import { can, type Grants } from '../permissions';
import { StatusChip } from './StatusChip';

const NUMBER = new Set(['integer', 'biginteger', 'float', 'decimal']);
const TEXT = new Set(['string', 'text', 'email', 'uid', 'richtext']);

function filterInputs(ct: ContentTypeMeta): ReactElement[] {
  const inputs: ReactElement[] = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];
  if (ct.localized && meta().locales.length > 0) {
    inputs.push(<SelectInput key="locale" source="locale" label="Locale" alwaysOn choices={meta().locales.map((l) => ({ id: l.code, name: l.name }))} emptyText="Default" />);
  }
  for (const [name, a] of Object.entries(ct.attributes)) {
    if (a.private || a.type === 'password') continue;
    const label = labelOf(name);
    if (TEXT.has(a.type)) inputs.push(<TextInput key={name} source={`${name}@containsi`} label={`${label} contains`} />);
    else if (NUMBER.has(a.type)) {
      inputs.push(<NumberInput key={`${name}-gte`} source={`${name}@gte`} label={`${label} ≥`} />);
      inputs.push(<NumberInput key={`${name}-lte`} source={`${name}@lte`} label={`${label} ≤`} />);
    } else if (a.type === 'boolean') inputs.push(<BooleanInput key={name} source={`${name}@eq`} label={label} />);
    else if (a.type === 'enumeration') inputs.push(<SelectInput key={name} source={`${name}@eq`} label={label} choices={(a.enum ?? []).map((v) => ({ id: v, name: v }))} />);
    else if (a.type === 'date' || a.type === 'datetime') {
      inputs.push(<DateInput key={`${name}-gte`} source={`${name}@gte`} label={`${label} from`} />);
      inputs.push(<DateInput key={`${name}-lte`} source={`${name}@lte`} label={`${label} to`} />);
    }
  }
  inputs.push(<DateInput key="updatedAt-gte" source="updatedAt@gte" label="Updated from" />);
  return inputs;
}

function column(name: string, a: AttributeMeta): ReactElement | null {
  const label = labelOf(name);
  switch (a.type) {
    case 'string':
    case 'email':
    case 'uid':
    case 'enumeration':
    case 'time':
      return <TextField key={name} source={name} label={label} />;
    case 'text':
      return <FunctionField key={name} source={name} label={label} render={(r: RaRecord) => truncate(r[name])} />;
    case 'integer':
    case 'biginteger':
    case 'float':
    case 'decimal':
      return <NumberField key={name} source={name} label={label} />;
    case 'boolean':
      return <BooleanField key={name} source={name} label={label} />;
    case 'date':
      return <DateField key={name} source={name} label={label} />;
    case 'datetime':
      return <DateField key={name} source={name} label={label} showTime />;
    case 'relation':
      return (
        <FunctionField
          key={name}
          source={name}
          label={label}
          sortable={false}
          render={(r: RaRecord) => {
            const v = r[name] as { count?: number } | unknown[] | null;
            const count = Array.isArray(v) ? v.length : typeof v === 'object' && v && 'count' in v ? v.count : v ? 1 : 0;
            return `${count ?? 0} ${count === 1 ? 'entry' : 'entries'}`;
          }}
        />
      );
    case 'media':
      return (
        <FunctionField
          key={name}
          source={name}
          label={label}
          sortable={false}
          render={(r: RaRecord) => {
            const files = ([] as { url?: string; mime?: string; name?: string; formats?: { thumbnail?: { url: string } } }[]).concat((r[name] as never) ?? []);
            const first = files[0];
            if (!first) return '';
            return first.mime?.startsWith('image/') ? <img src={first.formats?.thumbnail?.url ?? first.url} alt={first.name ?? ''} style={{ height: 32, width: 32, objectFit: 'cover', borderRadius: 4 }} /> : first.name;
          }}
        />
      );
    default:
      return null;
  }
}

const truncate = (value: unknown) => (typeof value === 'string' && value.length > 60 ? `${value.slice(0, 60)}…` : ((value as string) ?? ''));

function BulkDocumentAction({ action, label, icon }: { action: 'bulk-publish' | 'bulk-unpublish'; label: string; icon: ReactElement }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const resource = useResourceContext() as string;
  const notify = useNotify();
  const refresh = useRefresh();
  const run = async () => {
    try {
      const { count } = await dataProvider.bulkAction(resource, action, selectedIds);
      notify(`${label}: ${count} ${count === 1 ? 'entry' : 'entries'}`, { type: 'info' });
      onUnselectItems();
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return <Button label={label} onClick={run} startIcon={icon} />;
}

function BulkActions({ ct, grants }: { ct: ContentTypeMeta; grants?: Grants }) {
  return (
    <>
      {ct.draftAndPublish && can(grants, 'publish', ct.uid) && <BulkDocumentAction action="bulk-publish" label="Publish" icon={<PublishIcon />} />}
      {ct.draftAndPublish && can(grants, 'publish', ct.uid) && <BulkDocumentAction action="bulk-unpublish" label="Unpublish" icon={<UnpublishedIcon />} />}
      {can(grants, 'delete', ct.uid) && <BulkDeleteButton mutationMode="pessimistic" />}
    </>
  );
}

function ListActions({ ct, grants }: { ct: ContentTypeMeta; grants?: Grants }) {
  return (
    <TopToolbar>
      <SelectColumnsButton />
      <FilterButton />
      {can(grants, 'create', ct.uid) && <CreateButton />}
    </TopToolbar>
  );
}

export function ContentList() {
  const resource = useResourceContext() as string;
  const { permissions } = usePermissions<Grants>();
  const ct = typeByResource(resource);
  if (!ct) return null;
  const columns = Object.entries(ct.attributes)
    .filter(([name, a]) => !a.private && name !== ct.mainField)
    .map(([name, a]) => column(name, a))
    .filter((c): c is ReactElement => c !== null);
  const shown = new Set(columns.slice(0, 3).map((c) => c.key));
  const omit = ["id", ...columns.filter((c) => !shown.has(c.key)).map((c) => String(c.key))];
  return (
    <List
      key={resource}
      title={ct.displayName}
      filters={filterInputs(ct)}
      filterDefaultValues={ct.localized && defaultLocale() ? { locale: defaultLocale() } : {}}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={10}
      actions={<ListActions ct={ct} grants={permissions} />}
      storeKey={`list.${ct.uid}`}
    >
      <DatagridConfigurable preferenceKey={`columns.${ct.uid}`} rowClick="edit" bulkActionButtons={<BulkActions ct={ct} grants={permissions} />} omit={omit}>
        <TextField source="id" label="Document" sortable={false} />
        <TextField source={ct.mainField} label={labelOf(ct.mainField)} />
        {columns}
        {ct.draftAndPublish && <FunctionField source="status" label="Status" sortable={false} render={(r: RaRecord) => <StatusChip status={r.status as string} />} />}
        <DateField source="updatedAt" label="Updated" showTime />
      </DatagridConfigurable>
    </List>
  );
}
