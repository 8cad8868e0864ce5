// One input per attribute type, from the attribute's metadata; components and dynamic zones nest
// the same inputs under their own path.
import { useEffect, useState, type ReactElement } from 'react';
import {
  ArrayInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  TimeInput,
  email as emailValidator,
  maxLength,
  maxValue,
  minLength,
  minValue,
  regex,
  required,
  useInput,
  useSimpleFormIterator,
  useSourceContext,
  SourceContextProvider,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Button, IconButton, Menu, MenuItem, Paper, TextField as MuiTextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutoFixIcon from '@mui/icons-material/AutoFixHigh';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { dataProvider } from '../dataProvider';
import { editableAttributes, labelOf, meta, type AttributeMeta, type ComponentMeta } from '../meta';
import { BlocksInput } from './BlocksInput';
import { MarkdownInput } from './MarkdownInput';
import { RelationInput } from './RelationInput';
import { MediaInput } from '../media/MediaInput';

export interface InputContext {
  /** The content type or component the attribute belongs to (relation pickers ask by it). */
  ownerUid: string;
  /** The resource of the document being edited (uid generation asks by it). */
  resource: string;
  locale?: string;
}

function validators(a: AttributeMeta): Validator[] {
  const list: Validator[] = [];
  if (a.required && !['boolean', 'component', 'dynamiczone', 'relation', 'media', 'password', 'blocks', 'json'].includes(a.type)) list.push(required());
  if (typeof a.maxLength === 'number') list.push(maxLength(a.maxLength));
  if (typeof a.minLength === 'number') list.push(minLength(a.minLength));
  if (['integer', 'float', 'decimal'].includes(a.type)) {
    if (a.min !== undefined) list.push(minValue(Number(a.min)));
    if (a.max !== undefined) list.push(maxValue(Number(a.max)));
  }
  if (a.regex) {
    try {
      list.push(regex(new RegExp(a.regex), `Must match ${a.regex}`));
    } catch {
      /* a pattern JavaScript cannot read is the server's to check */
    }
  }
  if (a.type === 'email') list.push(emailValidator());
  return list;
}

const helper = (a: AttributeMeta): string | false => {
  const parts: string[] = [];
  if (a.private) parts.push('private: never in the API');
  if (a.localized === false) parts.push('shared by every locale');
  return parts.length ? parts.join(' · ') : false;
};

export function AttributeInput({ name, attribute: a, ctx }: { name: string; attribute: AttributeMeta; ctx: InputContext }): ReactElement | null {
  const label = labelOf(name);
  const common = { source: name, label, validate: validators(a), helperText: helper(a), fullWidth: true };
  switch (a.type) {
    case 'string':
      return <TextInput {...common} />;
    case 'text':
      return <TextInput {...common} multiline minRows={3} />;
    case 'richtext':
      return <MarkdownInput {...common} helperText={helper(a) || 'Markdown'} />;
    case 'blocks':
      return <BlocksInput source={name} label={label} />;
    case 'email':
      return <TextInput {...common} type="email" />;
    case 'password':
      return <PasswordInput {...common} validate={validators({ ...a, required: false })} helperText="Leave empty to keep the current password" autoComplete="new-password" />;
    case 'uid':
      return <UidInput {...common} attribute={a} ctx={ctx} />;
    case 'enumeration':
      return <SelectInput {...common} choices={(a.enum ?? []).map((v) => ({ id: v, name: v }))} emptyText="—" />;
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'biginteger':
      return <TextInput {...common} validate={[...common.validate, regex(/^-?\d+$/, 'Must be an integer')]} />;
    case 'float':
    case 'decimal':
      return <NumberInput {...common} step="any" />;
    case 'boolean':
      return <BooleanInput source={name} label={label} helperText={helper(a)} />;
    case 'date':
      return <DateInput {...common} />;
    case 'time':
      return <TimeInput {...common} format={(v: string) => v} parse={(v: string) => (v ? (v.length === 5 ? `${v}:00.000` : v) : null)} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'json':
      return <JsonInput source={name} label={label} required={a.required} />;
    case 'media':
      return <MediaInput source={name} label={label} multiple={!!a.multiple} allowedTypes={a.allowedTypes} />;
    case 'relation':
      if (!a.target || a.target.startsWith('plugin::upload')) return null;
      return <RelationInput source={name} label={label} attribute={a} ownerUid={ctx.ownerUid} locale={ctx.locale} />;
    case 'component':
      return <ComponentInput name={name} attribute={a} ctx={ctx} />;
    case 'dynamiczone':
      return <DynamicZoneInput name={name} attribute={a} ctx={ctx} />;
    default:
      return <TextInput {...common} />;
  }
}

function ComponentFields({ component, ctx }: { component: ComponentMeta; ctx: InputContext }) {
  return (
    <>
      {editableAttributes(component.attributes).map(([name, a]) => (
        <AttributeInput key={name} name={name} attribute={a} ctx={{ ...ctx, ownerUid: component.uid }} />
      ))}
    </>
  );
}

function ComponentInput({ name, attribute, ctx }: { name: string; attribute: AttributeMeta; ctx: InputContext }) {
  const component = meta().components[attribute.component ?? ''];
  const parent = useSourceContext();
  const { setValue } = useFormContext();
  const path = parent.getSource(name);
  const value = useWatch({ name: path });
  if (!component) return <Typography color="error">Unknown component {attribute.component}</Typography>;
  if (attribute.repeatable) {
    return (
      <ArrayInput source={name} label={`${labelOf(name)} (${component.displayName})`} fullWidth>
        <SimpleFormIterator inline={false} fullWidth className={`component-${name}`}>
          <ComponentFields component={component} ctx={ctx} />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 1, width: '100%' }} className={`component-${name}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">
          {labelOf(name)} <Typography component="span" variant="caption" color="text.secondary">({component.displayName})</Typography>
        </Typography>
        {value && !attribute.required && (
          <Tooltip title="Remove the component">
            <IconButton size="small" onClick={() => setValue(path, null, { shouldDirty: true })} aria-label={`Remove ${labelOf(name)}`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {value ? (
        <SourceContextProvider value={{ getSource: (s) => `${path}.${s}`, getLabel: (s) => s }}>
          <ComponentFields component={component} ctx={ctx} />
        </SourceContextProvider>
      ) : (
        <Button startIcon={<AddIcon />} onClick={() => setValue(path, {}, { shouldDirty: true })}>
          Add {component.displayName}
        </Button>
      )}
    </Paper>
  );
}

function DynamicZoneAddButton({ choices }: { choices: ComponentMeta[] }) {
  const { add } = useSimpleFormIterator();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button startIcon={<AddIcon />} onClick={(e) => setAnchor(e.currentTarget)} className="dz-add">
        Add a component
      </Button>
      <Menu open={!!anchor} anchorEl={anchor} onClose={() => setAnchor(null)}>
        {choices.map((c) => (
          <MenuItem
            key={c.uid}
            onClick={() => {
              add({ __component: c.uid });
              setAnchor(null);
            }}
          >
            {c.displayName} <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>{c.category}</Typography>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function DynamicZoneItem({ ctx }: { ctx: InputContext }) {
  const source = useSourceContext();
  const uid = useWatch({ name: source.getSource('__component') }) as string;
  const component = meta().components[uid];
  if (!component) return <Typography color="error">Unknown component {uid}</Typography>;
  return (
    <Box sx={{ width: '100%' }} data-component={uid}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {component.displayName}
      </Typography>
      <ComponentFields component={component} ctx={ctx} />
    </Box>
  );
}

function DynamicZoneInput({ name, attribute, ctx }: { name: string; attribute: AttributeMeta; ctx: InputContext }) {
  const choices = (attribute.components ?? []).map((uid) => meta().components[uid]).filter(Boolean);
  return (
    <ArrayInput source={name} label={`${labelOf(name)} (dynamic zone)`} fullWidth>
      <SimpleFormIterator inline={false} fullWidth addButton={<DynamicZoneAddButton choices={choices} />} className={`dz-${name}`}>
        <DynamicZoneItem ctx={ctx} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function UidInput(props: { source: string; label: string; validate: Validator[]; helperText: string | false; attribute: AttributeMeta; ctx: InputContext; fullWidth: boolean }) {
  const { getValues, setValue } = useFormContext();
  const sourceContext = useSourceContext();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const slug = await dataProvider.generateUid(props.ctx.resource, props.source, getValues());
      setValue(sourceContext.getSource(props.source), slug, { shouldDirty: true, shouldValidate: true });
    } finally {
      setBusy(false);
    }
  };
  const { attribute, ctx, ...rest } = props;
  void ctx;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, width: '100%' }}>
      <TextInput {...rest} helperText={props.helperText || (attribute.targetField ? `Generated from ${labelOf(attribute.targetField)}` : false)} />
      <Button onClick={generate} disabled={busy} startIcon={<AutoFixIcon />} sx={{ mt: 1.5, whiteSpace: 'nowrap' }} aria-label={`Generate ${props.label}`}>
        Generate
      </Button>
    </Box>
  );
}

function JsonInput({ source, label, required: isRequired }: { source: string; label: string; required?: boolean }) {
  const check = (value: unknown) => (isRequired && (value === undefined || value === null) ? 'Required' : undefined);
  const { field, fieldState } = useInput({ source, validate: check });
  const [text, setText] = useState(() => (field.value === undefined || field.value === null || field.value === '' ? '' : JSON.stringify(field.value, null, 2)));
  const [parseError, setParseError] = useState<string>();
  const incoming = field.value === undefined || field.value === null || field.value === '' ? '' : JSON.stringify(field.value);
  useEffect(() => {
    // A value set from outside (copy from a locale, a reset): the text follows it.
    let current: string;
    try {
      current = text.trim() === '' ? '' : JSON.stringify(JSON.parse(text));
    } catch {
      return;
    }
    if (current !== incoming) setText(incoming === '' ? '' : JSON.stringify(JSON.parse(incoming), null, 2));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [incoming]);
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setParseError(undefined);
      field.onChange(null);
      return;
    }
    try {
      field.onChange(JSON.parse(next));
      setParseError(undefined);
    } catch (error) {
      setParseError(`Invalid JSON: ${(error as Error).message}`);
    }
  };
  const message = parseError ?? fieldState.error?.message;
  return (
    <MuiTextField
      label={label}
      value={text}
      onChange={(e) => change(e.target.value)}
      onBlur={field.onBlur}
      name={field.name}
      multiline
      minRows={4}
      fullWidth
      margin="dense"
      error={!!message}
      helperText={message ?? 'JSON'}
      sx={{ '& textarea': { fontFamily: 'monospace' } }}
    />
  );
}
