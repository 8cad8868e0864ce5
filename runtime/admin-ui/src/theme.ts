import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#4945ff' }, secondary: { main: '#212134' } },
  sidebar: { width: 230, closedWidth: 50 },
};
