// The admin: one resource per collection type and a page per single type, all from the app's
// metadata; the media library and settings are pages of their own. Editors, media and settings
// load as separate chunks, so the first screen only needs the list.
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { loadMeta, resourceOf } from './meta';
import { can, type Grants } from './permissions';
import { AppLayout } from './Layout';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';
import { ForgotPasswordPage, ResetPasswordPage } from './auth/PasswordPages';
import { ContentList } from './content/ContentList';
import { Dashboard } from './Dashboard';
import { theme } from './theme';

const ContentEdit = lazy(() => import('./content/ContentEdit').then((m) => ({ default: m.ContentEdit })));
const ContentCreate = lazy(() => import('./content/ContentEdit').then((m) => ({ default: m.ContentCreate })));
const SingleTypePage = lazy(() => import('./content/ContentEdit').then((m) => ({ default: m.SingleTypePage })));
const MediaLibraryPage = lazy(() => import('./media/MediaLibrary').then((m) => ({ default: m.MediaLibraryPage })));
const settings = () => import('./settings/Settings');
const AdminUserList = lazy(() => settings().then((m) => ({ default: m.AdminUserList })));
const AdminUserEdit = lazy(() => settings().then((m) => ({ default: m.AdminUserEdit })));
const AdminUserCreate = lazy(() => settings().then((m) => ({ default: m.AdminUserCreate })));
const RoleList = lazy(() => settings().then((m) => ({ default: m.RoleList })));
const RoleEdit = lazy(() => settings().then((m) => ({ default: m.RoleEdit })));
const RoleCreate = lazy(() => settings().then((m) => ({ default: m.RoleCreate })));
const EndUserList = lazy(() => settings().then((m) => ({ default: m.EndUserList })));
const EndUserEdit = lazy(() => settings().then((m) => ({ default: m.EndUserEdit })));
const EndUserCreate = lazy(() => settings().then((m) => ({ default: m.EndUserCreate })));
const UpRoleList = lazy(() => settings().then((m) => ({ default: m.UpRoleList })));
const UpRoleEdit = lazy(() => settings().then((m) => ({ default: m.UpRoleEdit })));
const UpRoleCreate = lazy(() => settings().then((m) => ({ default: m.UpRoleCreate })));
const ApiTokenList = lazy(() => settings().then((m) => ({ default: m.ApiTokenList })));
const ApiTokenCreate = lazy(() => settings().then((m) => ({ default: m.ApiTokenCreate })));
const LocaleList = lazy(() => settings().then((m) => ({ default: m.LocaleList })));
const LocaleCreate = lazy(() => settings().then((m) => ({ default: m.LocaleCreate })));
const WebhookList = lazy(() => settings().then((m) => ({ default: m.WebhookList })));

export function App() {
  return (
    <Admin
      title="Content manager"
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </CustomRoutes>
      {async (grants: Grants) => {
        if (grants?.userId === undefined) return null;
        const meta = await loadMeta();
        const super_ = grants?.isSuperAdmin;
        return (
          <>
            {meta.contentTypes
              .filter((ct) => ct.kind === 'collectionType')
              .map((ct) => (
                <Resource
                  key={ct.uid}
                  name={resourceOf(ct)}
                  options={{ label: ct.displayName }}
                  list={ContentList}
                  edit={ContentEdit}
                  create={can(grants, 'create', ct.uid) ? ContentCreate : undefined}
                  recordRepresentation={(record) => String(record[ct.mainField] ?? record.documentId ?? record.id)}
                />
              ))}
            <Resource name="admin-users" options={{ label: 'Admin users' }} list={super_ ? AdminUserList : undefined} edit={AdminUserEdit} create={AdminUserCreate} recordRepresentation="email" />
            <Resource name="admin-roles" options={{ label: 'Admin roles' }} list={RoleList} edit={RoleEdit} create={RoleCreate} recordRepresentation="name" />
            <Resource name="end-users" options={{ label: 'End users' }} list={EndUserList} edit={EndUserEdit} create={EndUserCreate} recordRepresentation="username" />
            <Resource name="up-roles" options={{ label: 'End-user roles' }} list={UpRoleList} edit={UpRoleEdit} create={UpRoleCreate} recordRepresentation="name" />
            <Resource name="api-tokens" options={{ label: 'API tokens' }} list={ApiTokenList} create={ApiTokenCreate} recordRepresentation="name" />
            <Resource name="i18n-locales" options={{ label: 'Locales' }} list={LocaleList} create={LocaleCreate} recordRepresentation="code" />
            <Resource name="webhooks" options={{ label: 'Webhooks' }} list={WebhookList} recordRepresentation="name" />
            <Resource name="files" options={{ label: 'Media' }} />
            <CustomRoutes>
              <Route path="/single/:name" element={<SingleTypePage />} />
              <Route path="/media" element={<MediaLibraryPage />} />
            </CustomRoutes>
          </>
        );
      }}
    </Admin>
  );
}
