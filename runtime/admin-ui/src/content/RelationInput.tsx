// A relation: a search picker over the target's entries (GET /relations/:uid/:field), and the
// chosen entries in their order, which the editor changes by dragging. A saved document's to-many
// relation arrives as `{ count }`: its entries load a page at a time (Load more), and until all
// are loaded the form keeps a PagedRelation, so a save sends only what changed.
import { useEffect, useState } from 'react';
import { useInput, useRecordContext } from 'react-admin';
import { Autocomplete, Box, Button, Chip, TextField, Typography } from '@mui/material';
import { dataProvider } from '../dataProvider';
import { isToMany, typeByUid, type AttributeMeta } from '../meta';
import { isPagedRelation, type PagedRelation } from '../payload';
import { SortableList } from './SortableList';
import { StatusChip } from './StatusChip';

type Related = Record<string, unknown> & { id?: unknown; documentId?: string; status?: string };

/** Entries of a relation fetched per page in the edit view. */
export const RELATION_PAGE_SIZE = 10;

export const isCount = (value: unknown): value is { count: number } => typeof value === 'object' && value !== null && !Array.isArray(value) && 'count' in value;

function labelFor(item: Related, target: string | undefined): string {
  const field = target ? typeByUid(target)?.mainField : undefined;
  const value = (field && item[field]) ?? (typeof item.mainField === 'string' ? item.mainField : undefined) ?? item.documentId ?? item.id;
  return String(value ?? '');
}

/** Every entry of a document's relation, in order (copying a locale needs them all). */
export async function loadAllRelated(uid: string, documentId: string, field: string, locale: string | undefined): Promise<Related[]> {
  const all: Related[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.currentRelations(uid, documentId, field, { page, pageSize: 100, locale });
    all.push(...(data as Related[]));
    if (data.length === 0 || all.length >= total) return all;
  }
}

export function RelationInput({ source, label, attribute, ownerUid, locale }: { source: string; label: string; attribute: AttributeMeta; ownerUid: string; locale?: string }) {
  const { field, fieldState, id } = useInput({ source });
  const many = isToMany(attribute);
  const fieldName = source.split('.').pop() as string;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Related[]>([]);
  const [open, setOpen] = useState(false);
  const record = useRecordContext();
  const documentId = typeof record?.documentId === 'string' ? record.documentId : undefined;
  // Pages read while the field is untouched (the form value stays `{ count }`: nothing to save).
  const [fetched, setFetched] = useState<PagedRelation | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const pagedSource = many && !source.includes('.') && documentId !== undefined;
  const paged: PagedRelation | undefined = isPagedRelation(field.value) ? field.value : pagedSource && isCount(field.value) ? fetched : undefined;
  const value: Related[] = paged ? (paged.items as Related[]) : many ? (Array.isArray(field.value) ? field.value : []) : field.value && typeof field.value === 'object' && !('count' in field.value) ? [field.value] : [];
  const targetField = attribute.target ? typeByUid(attribute.target)?.mainField : undefined;
  const complete = !paged || paged.loaded.length >= paged.total;

  const loadPage = async (current: PagedRelation | undefined) => {
    if (!documentId) return;
    setLoading(true);
    try {
      const page = Math.floor((current?.loaded.length ?? 0) / RELATION_PAGE_SIZE) + 1;
      const { data, total } = await dataProvider.currentRelations(ownerUid, documentId, fieldName, { page, pageSize: RELATION_PAGE_SIZE, locale });
      const fresh = (data as Related[]).filter((d) => !current?.loaded.includes(String(d.documentId)));
      const shown = new Set((current?.items ?? []).map((i) => i.documentId));
      const next: PagedRelation = {
        __paged: true,
        items: [...(current?.items ?? []), ...fresh.filter((d) => !shown.has(d.documentId))],
        total,
        loaded: [...(current?.loaded ?? []), ...fresh.map((d) => String(d.documentId))],
      };
      if (isPagedRelation(field.value)) field.onChange(next);
      else setFetched(next);
    } finally {
      setLoading(false);
    }
  };

  // The first page, when a saved document's relation arrives as a count (again after a save).
  const count = pagedSource && isCount(field.value) ? field.value.count : undefined;
  useEffect(() => {
    setFetched(undefined);
    if (count === undefined) return;
    if (count === 0) setFetched({ __paged: true, items: [], total: 0, loaded: [] });
    else void loadPage(undefined).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count, documentId, locale, record?.updatedAt]);

  /** A change by the editor: kept as a PagedRelation while entries are still on the server. */
  const change = (items: Related[]) => field.onChange(paged ? { ...paged, items } : items);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      dataProvider
        .relationCandidates(ownerUid, fieldName, { q: query || undefined, locale })
        .then(({ data }) => {
          if (!cancelled) setOptions(data as Related[]);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query, ownerUid, fieldName, locale]);

  const chosen = new Set(value.map((v) => v.documentId));
  const pick = (item: Related | null) => {
    if (!item) return;
    const entry: Related = { id: item.id, documentId: item.documentId, status: item.status };
    if (targetField) entry[targetField] = labelFor(item, attribute.target);
    if (many) change([...value, entry]);
    else field.onChange(entry);
    setQuery('');
  };
  return (
    <Box sx={{ width: '100%', my: 1 }} className={`relation-input relation-${fieldName}`}>
      <Typography variant="caption" color={fieldState.error ? 'error' : 'text.secondary'} component="label" htmlFor={id}>
        {label} <Chip size="small" label={attribute.relation} variant="outlined" sx={{ height: 18, fontSize: 11 }} />
      </Typography>
      {value.length > 0 &&
        (many ? (
          <SortableList items={value} onChange={change} render={(item) => <RelatedLabel item={item} target={attribute.target} />} className="relation-list" sortable={complete} />
        ) : (
          <SortableList items={value} onChange={(items) => field.onChange(items[0] ?? null)} render={(item) => <RelatedLabel item={item} target={attribute.target} />} className="relation-list" />
        ))}
      {paged && !complete && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Button size="small" className="relation-load-more" disabled={loading} onClick={() => void loadPage(paged)}>
            Load more
          </Button>
          <Typography variant="caption" color="text.secondary" className="relation-loaded">
            {paged.loaded.length} of {paged.total} loaded · load all to reorder
          </Typography>
        </Box>
      )}
      <Autocomplete
        id={id}
        size="small"
        options={options.filter((o) => !chosen.has(o.documentId))}
        getOptionLabel={(o) => labelFor(o, attribute.target)}
        isOptionEqualToValue={(a, b) => a.documentId === b.documentId}
        filterOptions={(o) => o}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        inputValue={query}
        onInputChange={(_, v, reason) => reason !== 'reset' && setQuery(v)}
        value={null}
        onChange={(_, item) => pick(item)}
        renderOption={(props, option) => (
          <li {...props} key={String(option.documentId)}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 1 }}>
              <span>{labelFor(option, attribute.target)}</span>
              <StatusChip status={option.status} />
            </Box>
          </li>
        )}
        renderInput={(params) => <TextField {...params} placeholder={many || value.length === 0 ? `Add ${label.toLowerCase()}…` : 'Replace…'} error={!!fieldState.error} helperText={fieldState.error?.message} />}
        noOptionsText="No entries"
      />
    </Box>
  );
}

function RelatedLabel({ item, target }: { item: Related; target?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" noWrap>
        {labelFor(item, target)}
      </Typography>
      <StatusChip status={item.status} />
    </Box>
  );
}
