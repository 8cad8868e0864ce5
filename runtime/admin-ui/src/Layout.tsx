import type { ReactNode } from 'react';
import { Layout, Menu, usePermissions } from 'react-admin';
import ArticleIcon from '@mui/icons-material/DescriptionOutlined';
import SingleIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PhotoIcon from '@mui/icons-material/PhotoLibraryOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import SecurityIcon from '@mui/icons-material/SecurityOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Divider, Typography } from '@mui/material';
import { hasMeta, meta, resourceOf } from './meta';
import { can, isSettingsAllowed, type Grants } from './permissions';

function AppMenu() {
  const { permissions } = usePermissions<Grants>();
  if (!hasMeta()) return <Menu />;
  const types = meta().contentTypes.filter((ct) => can(permissions, 'read', ct.uid));
  const allowed = (prefix: string) => isSettingsAllowed(permissions, prefix);
  return (
    <Menu>
      <Menu.DashboardItem />
      <Typography variant="overline" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
        Collection types
      </Typography>
      {types
        .filter((ct) => ct.kind === 'collectionType')
        .map((ct) => (
          <Menu.Item key={ct.uid} to={`/${resourceOf(ct)}`} primaryText={ct.displayName} leftIcon={<ArticleIcon />} />
        ))}
      {types.some((ct) => ct.kind === 'singleType') && (
        <Typography variant="overline" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
          Single types
        </Typography>
      )}
      {types
        .filter((ct) => ct.kind === 'singleType')
        .map((ct) => (
          <Menu.Item key={ct.uid} to={`/single/${ct.singularName}`} primaryText={ct.displayName} leftIcon={<SingleIcon />} />
        ))}
      <Divider sx={{ my: 1 }} />
      <Menu.Item to="/media" primaryText="Media library" leftIcon={<PhotoIcon />} />
      {['admin::users', 'admin::roles', 'plugin::users-permissions', 'admin::api-tokens', 'plugin::i18n', 'admin::webhooks'].some(allowed) && (
        <Typography variant="overline" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
          Settings
        </Typography>
      )}
      {allowed('admin::users') && <Menu.Item to="/admin-users" primaryText="Admin users" leftIcon={<PeopleIcon />} />}
      {allowed('admin::roles') && <Menu.Item to="/admin-roles" primaryText="Admin roles" leftIcon={<SecurityIcon />} />}
      {allowed('plugin::users-permissions') && <Menu.Item to="/end-users" primaryText="End users" leftIcon={<PeopleIcon />} />}
      {allowed('plugin::users-permissions') && <Menu.Item to="/up-roles" primaryText="End-user roles" leftIcon={<SecurityIcon />} />}
      {allowed('admin::api-tokens') && <Menu.Item to="/api-tokens" primaryText="API tokens" leftIcon={<KeyIcon />} />}
      {allowed('plugin::i18n') && <Menu.Item to="/i18n-locales" primaryText="Locales" leftIcon={<LanguageIcon />} />}
      {allowed('admin::webhooks') && <Menu.Item to="/webhooks" primaryText="Webhooks" leftIcon={<WebhookIcon />} />}
    </Menu>
  );
}

export const AppLayout = ({ children }: { children: ReactNode }) => <Layout menu={AppMenu}>{children}</Layout>;
