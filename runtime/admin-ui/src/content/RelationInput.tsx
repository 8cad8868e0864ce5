// A relation: a search picker over the target's entries (GET /relations/:uid/:field), and the
// chosen entries in their order, which the editor changes by dragging.
import { useEffect, useState } from 'react';
import { useInput } from 'react-admin';
import { Autocomplete, Box, Chip, TextField, Typography } from '@mui/material';
import { dataProvider } from '../dataProvider';
import { isToMany, typeByUid, type AttributeMeta } from '../meta';
import { SortableList } from './SortableList';
import { StatusChip } from './StatusChip';

type Related = Record<string, unknown> & { id?: unknown; documentId?: string; status?: string };

function labelFor(item: Related, target: string | undefined): string {
  const field = target ? typeByUid(target)?.mainField : undefined;
  const value = (field && item[field]) ?? (typeof item.mainField === 'string' ? item.mainField : undefined) ?? item.documentId ?? item.id;
  return String(value ?? '');
}

export function RelationInput({ source, label, attribute, ownerUid, locale }: { source: string; label: string; attribute: AttributeMeta; ownerUid: string; locale?: string }) {
  const { field, fieldState, id } = useInput({ source });
  const many = isToMany(attribute);
  const fieldName = source.split('.').pop() as string;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Related[]>([]);
  const [open, setOpen] = useState(false);
  const value: Related[] = many ? (Array.isArray(field.value) ? field.value : []) : field.value && typeof field.value === 'object' && !('count' in field.value) ? [field.value] : [];
  const targetField = attribute.target ? typeByUid(attribute.target)?.mainField : undefined;

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
    field.onChange(many ? [...value, entry] : entry);
    setQuery('');
  };
  return (
    <Box sx={{ width: '100%', my: 1 }} className={`relation-input relation-${fieldName}`}>
      <Typography variant="caption" color={fieldState.error ? 'error' : 'text.secondary'} component="label" htmlFor={id}>
        {label} <Chip size="small" label={attribute.relation} variant="outlined" sx={{ height: 18, fontSize: 11 }} />
      </Typography>
      {value.length > 0 &&
        (many ? (
          <SortableList items={value} onChange={(items) => field.onChange(items)} render={(item) => <RelatedLabel item={item} target={attribute.target} />} className="relation-list" />
        ) : (
          <SortableList items={value} onChange={(items) => field.onChange(items[0] ?? null)} render={(item) => <RelatedLabel item={item} target={attribute.target} />} className="relation-list" />
        ))}
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
