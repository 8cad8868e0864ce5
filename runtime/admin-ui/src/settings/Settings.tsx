// Settings: admin users and roles (with the permission matrix), end users and their roles (the
// users & permissions tree, custom routes included), API tokens (the secret shown once), locales,
// webhooks. One chunk, loaded when a settings page opens.
import { useEffect, useState } from 'react';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Button,
  CheckboxGroupInput,
  ChipField,
  Create,
  Datagrid,
  DateField,
  DeleteButton,
  Edit,
  EditButton,
  FunctionField,
  List,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SaveButton,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextField,
  TextInput,
  Toolbar,
  email,
  required,
  useInput,
  useNotify,
  useRecordContext,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { request } from '../api';
import { meta } from '../meta';
import type { Permission } from '../permissions';

const idsOf = (value: unknown) => (Array.isArray(value) ? value.map((v) => (typeof v === "object" && v !== null ? (v as { id: unknown }).id : v)) : []);
const idOf = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { id: unknown }).id : value);

// ---- Admin users ----
export const AdminUserList = () => (
  <List title="Admin users" sort={{ field: 'email', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="email" />
      <TextField source="firstname" label="First name" />
      <TextField source="lastname" label="Last name" />
      <FunctionField label="Roles" render={(r: RaRecord) => ((r.roles as { name: string }[]) ?? []).map((x) => x.name).join(', ')} />
      <BooleanField source="isActive" label="Active" />
    </Datagrid>
  </List>
);

function AdminUserForm({ create }: { create?: boolean }) {
  return (
    <SimpleForm>
      <TextInput source="firstname" label="First name" validate={required()} />
      <TextInput source="lastname" label="Last name" />
      <TextInput source="email" validate={[required(), email()]} />
      <PasswordInput source="password" validate={create ? required() : undefined} helperText={create ? false : 'Leave empty to keep the current password'} autoComplete="new-password" />
      <ReferenceArrayInput source="roles" reference="admin-roles">
        <SelectArrayInput optionText="name" format={idsOf} validate={required()} />
      </ReferenceArrayInput>
      <BooleanInput source="isActive" label="Active" defaultValue />
    </SimpleForm>
  );
}
export const AdminUserEdit = () => (
  <Edit mutationMode="pessimistic" transform={(d: RaRecord) => ({ ...d, roles: idsOf(d.roles), password: d.password || undefined })}>
    <AdminUserForm />
  </Edit>
);
export const AdminUserCreate = () => (
  <Create redirect="list" transform={(d: RaRecord) => ({ ...d, roles: idsOf(d.roles) })}>
    <AdminUserForm create />
  </Create>
);

// ---- Admin roles and their permission matrix ----
export const RoleList = () => (
  <List title="Admin roles">
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="code" />
      <TextField source="description" />
      <TextField source="usersCount" label="Users" />
    </Datagrid>
  </List>
);

const ACTIONS = ['create', 'read', 'update', 'delete', 'publish'] as const;
const actionOf = (a: string) => `plugin::content-manager.explorer.${a}`;

function PermissionMatrix() {
  const record = useRecordContext();
  const notify = useNotify();
  const [permissions, setPermissions] = useState<Permission[] | null>(null);
  const isSuper = record?.code === 'strapi-super-admin';
  useEffect(() => {
    if (!record?.id) return;
    request<{ data: Permission[] | { permissions: Permission[] } }>(`/roles/${record.id}/permissions`)
      .then(({ json }) => setPermissions(Array.isArray(json.data) ? json.data : (json.data?.permissions ?? [])))
      .catch((error) => notify((error as Error).message, { type: 'error' }));
  }, [record?.id, notify]);
  if (!record?.id) return <Alert severity="info">Save the role to edit its permissions.</Alert>;
  if (isSuper) return <Alert severity="info">The Super Admin has every permission.</Alert>;
  if (!permissions) return null;
  const find = (uid: string, a: string) => permissions.find((p) => p.subject === uid && p.action === actionOf(a));
  const toggle = (uid: string, a: string) => {
    const current = find(uid, a);
    if (current) setPermissions(permissions.filter((p) => p !== current));
    else {
      const sibling = permissions.find((p) => p.subject === uid);
      setPermissions([...permissions, { action: actionOf(a), subject: uid, conditions: a !== 'create' && ownOnly(uid) ? ['admin::is-creator'] : [], properties: sibling?.properties ?? {} }]);
    }
  };
  const setRow = (uid: string, patch: Partial<Permission>) => setPermissions(permissions.map((p) => (p.subject === uid && p.action.startsWith('plugin::content-manager.explorer.') ? { ...p, ...patch } : p)));
  // "Only entries they created" holds for the actions on existing entries (create has no creator to
  // compare with: the server seeds the Author's create without the condition).
  const ownOnly = (uid: string) => permissions.some((p) => p.subject === uid && p.action !== actionOf('create') && p.conditions?.includes('admin::is-creator'));
  const setOwnOnly = (uid: string, on: boolean) =>
    setPermissions(permissions.map((p) => (p.subject === uid && p.action.startsWith('plugin::content-manager.explorer.') ? { ...p, conditions: on && p.action !== actionOf('create') ? ['admin::is-creator'] : [] } : p)));
  const save = async () => {
    try {
      await request(`/roles/${record.id}/permissions`, { method: 'PUT', body: { permissions } });
      notify('Permissions saved', { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const locales = meta().locales;
  return (
    <Box sx={{ mt: 2 }} className="permission-matrix">
      <Typography variant="h6">Content permissions</Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Content type</TableCell>
            {ACTIONS.map((a) => (
              <TableCell key={a} align="center">
                {a}
              </TableCell>
            ))}
            <TableCell>Only entries they created</TableCell>
            {locales.length > 0 && <TableCell>Locales</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {meta().contentTypes.map((ct) => {
            const row = permissions.find((p) => p.subject === ct.uid);
            return (
              <TableRow key={ct.uid} data-uid={ct.uid}>
                <TableCell>{ct.displayName}</TableCell>
                {ACTIONS.map((a) => (
                  <TableCell key={a} align="center">
                    <Checkbox checked={!!find(ct.uid, a)} onChange={() => toggle(ct.uid, a)} disabled={a === 'publish' && !ct.draftAndPublish} inputProps={{ 'aria-label': `${ct.displayName} ${a}` }} />
                  </TableCell>
                ))}
                <TableCell>
                  <Checkbox
                    checked={ownOnly(ct.uid)}
                    disabled={!row}
                    onChange={(e) => setOwnOnly(ct.uid, e.target.checked)}
                    inputProps={{ 'aria-label': `${ct.displayName} only own entries` }}
                  />
                </TableCell>
                {locales.length > 0 && (
                  <TableCell>
                    {ct.localized && (
                      <Select
                        size="small"
                        multiple
                        displayEmpty
                        disabled={!row}
                        value={row?.properties?.locales ?? []}
                        onChange={(e) => setRow(ct.uid, { properties: { ...row?.properties, locales: (e.target.value as string[]).length ? (e.target.value as string[]) : undefined } })}
                        renderValue={(v) => ((v as string[]).length ? (v as string[]).join(', ') : 'All locales')}
                        sx={{ minWidth: 140 }}
                      >
                        {locales.map((l) => (
                          <MenuItem key={l.code} value={l.code}>
                            {l.code}
                          </MenuItem>
                        ))}
                      </Select>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <MuiButton variant="contained" sx={{ mt: 2 }} onClick={save} className="save-permissions">
        Save permissions
      </MuiButton>
    </Box>
  );
}

export const RoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect={false}>
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline fullWidth />
      <PermissionMatrix />
    </SimpleForm>
  </Edit>
);
export const RoleCreate = () => (
  <Create redirect="edit">
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline fullWidth />
    </SimpleForm>
  </Create>
);

// ---- End users (users & permissions) ----
export const EndUserList = () => (
  <List title="End users">
    <Datagrid rowClick="edit">
      <TextField source="username" />
      <TextField source="email" />
      <BooleanField source="confirmed" />
      <BooleanField source="blocked" />
      <FunctionField label="Role" render={(r: RaRecord) => (r.role as { name?: string } | undefined)?.name ?? ''} />
    </Datagrid>
  </List>
);
function EndUserForm({ create }: { create?: boolean }) {
  return (
    <SimpleForm>
      <TextInput source="username" validate={required()} />
      <TextInput source="email" validate={[required(), email()]} />
      <PasswordInput source="password" validate={create ? required() : undefined} autoComplete="new-password" />
      <BooleanInput source="confirmed" />
      <BooleanInput source="blocked" />
      <ReferenceInput source="role" reference="up-roles">
        <SelectInput optionText="name" format={idOf} />
      </ReferenceInput>
    </SimpleForm>
  );
}
export const EndUserEdit = () => (
  <Edit mutationMode="pessimistic" transform={(d: RaRecord) => ({ ...d, role: idOf(d.role), password: d.password || undefined })}>
    <EndUserForm />
  </Edit>
);
export const EndUserCreate = () => (
  <Create redirect="list" transform={(d: RaRecord) => ({ ...d, role: idOf(d.role) })}>
    <EndUserForm create />
  </Create>
);

// ---- End-user roles: the permission tree (namespace > controller > action) ----
type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy?: string }>> }>;

function PermissionTree({ source }: { source: string }) {
  const { field } = useInput({ source });
  const tree = (field.value ?? {}) as Tree;
  const set = (ns: string, controller: string, action: string, enabled: boolean) => {
    const next: Tree = structuredClone(tree);
    next[ns].controllers[controller][action] = { ...next[ns].controllers[controller][action], enabled };
    field.onChange(next);
  };
  const setAll = (ns: string, controller: string, enabled: boolean) => {
    const next: Tree = structuredClone(tree);
    for (const action of Object.keys(next[ns].controllers[controller])) next[ns].controllers[controller][action].enabled = enabled;
    field.onChange(next);
  };
  return (
    <Box sx={{ width: '100%', mt: 2 }} className="permission-tree">
      <Typography variant="h6">Permissions</Typography>
      {Object.entries(tree)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([ns, { controllers }]) => (
          <Accordion key={ns} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography>{ns}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              {Object.entries(controllers).map(([controller, actions]) => {
                const all = Object.values(actions).every((a) => a.enabled);
                return (
                  <Box key={controller} sx={{ mb: 1 }}>
                    <FormControlLabel control={<Checkbox checked={all} onChange={(e) => setAll(ns, controller, e.target.checked)} />} label={<strong>{controller}</strong>} />
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', pl: 3 }}>
                      {Object.entries(actions).map(([action, value]) => (
                        <FormControlLabel key={action} control={<Checkbox checked={!!value.enabled} onChange={(e) => set(ns, controller, action, e.target.checked)} inputProps={{ 'aria-label': `${ns}.${controller}.${action}` }} />} label={action} sx={{ minWidth: 180 }} />
                      ))}
                    </Box>
                  </Box>
                );
              })}
            </AccordionDetails>
          </Accordion>
        ))}
    </Box>
  );
}

export const UpRoleList = () => (
  <List title="End-user roles">
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="description" />
      <TextField source="type" />
      <TextField source="nb_users" label="Users" />
    </Datagrid>
  </List>
);
export const UpRoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect={false}>
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" fullWidth />
      <PermissionTree source="permissions" />
    </SimpleForm>
  </Edit>
);
export const UpRoleCreate = () => (
  <Create redirect="edit">
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" fullWidth />
    </SimpleForm>
  </Create>
);

// ---- API tokens ----
export const ApiTokenList = () => (
  <List title="API tokens">
    <Datagrid bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="description" />
      <ChipField source="type" />
      <DateField source="createdAt" label="Created" />
      <DateField source="lastUsedAt" label="Last used" emptyText="never" />
      <DateField source="expiresAt" label="Expires" emptyText="never" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);

function TokenSecret({ token, onClose }: { token: RaRecord; onClose(): void }) {
  const secret = String(token.accessKey ?? token.token ?? '');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Token created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this token now: it will not be shown again.
        </Alert>
        <Box component="code" sx={{ display: 'block', p: 2, bgcolor: 'grey.100', wordBreak: 'break-all' }} className="token-secret">
          {secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={() => void navigator.clipboard?.writeText(secret)}>Copy</MuiButton>
        <MuiButton variant="contained" onClick={onClose}>
          Done
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

export function ApiTokenCreate() {
  const [created, setCreated] = useState<RaRecord | null>(null);
  const redirect = useRedirect();
  return (
    <>
      <Create mutationOptions={{ onSuccess: (data: RaRecord) => setCreated(data) }} transform={(d: RaRecord) => ({ ...d, lifespan: d.lifespan === 'unlimited' ? null : Number(d.lifespan) })}>
        <SimpleForm toolbar={<Toolbar><SaveButton label="Create token" /></Toolbar>}>
          <TextInput source="name" validate={required()} />
          <TextInput source="description" fullWidth />
          <SelectInput
            source="type"
            defaultValue="read-only"
            choices={[
              { id: 'read-only', name: 'Read-only' },
              { id: 'full-access', name: 'Full access' },
              { id: 'custom', name: 'Custom' },
            ]}
          />
          <SelectInput
            source="lifespan"
            label="Duration"
            defaultValue="unlimited"
            choices={[
              { id: String(7 * 864e5), name: '7 days' },
              { id: String(30 * 864e5), name: '30 days' },
              { id: String(90 * 864e5), name: '90 days' },
              { id: 'unlimited', name: 'Unlimited' },
            ]}
          />
        </SimpleForm>
      </Create>
      {created && (
        <TokenSecret
          token={created}
          onClose={() => {
            setCreated(null);
            redirect('list', 'api-tokens');
          }}
        />
      )}
    </>
  );
}

// ---- Locales ----
export const LocaleList = () => (
  <List title="Locales" pagination={false}>
    <Datagrid bulkActionButtons={false}>
      <TextField source="code" />
      <TextField source="name" />
      <BooleanField source="isDefault" label="Default" />
      <DeleteButton mutationMode="pessimistic" />
    </Datagrid>
  </List>
);
export const LocaleCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <TextInput source="code" validate={required()} helperText="An ISO code such as fr or pt-BR" />
      <TextInput source="name" validate={required()} />
      <BooleanInput source="isDefault" label="Default locale" />
    </SimpleForm>
  </Create>
);

// ---- Webhooks ----
// The app's webhooks are configuration (config/webhooks): listed here, changed in that file.
export const WebhookList = () => (
  <List title="Webhooks" actions={false} pagination={false}>
    <Alert severity="info" sx={{ m: 2 }}>
      Webhooks are part of the app's configuration (<code>config/webhooks</code>): change them there and restart.
    </Alert>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="name" />
      <TextField source="url" />
      <FunctionField label="Events" render={(r: RaRecord) => ((r.events as string[]) ?? []).join(', ')} />
      <FunctionField label="Headers" render={(r: RaRecord) => Object.keys((r.headers as Record<string, string>) ?? {}).join(', ')} />
      <BooleanField source="isEnabled" label="Enabled" />
    </Datagrid>
  </List>
);

void Button;
