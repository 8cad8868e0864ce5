import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A reset link may point at /admin/reset-password?code=...: the app routes by hash.
const path = window.location.pathname.replace(/\/+$/, '');
if (path.endsWith('/reset-password') && !window.location.hash) {
  window.history.replaceState(null, '', `${path.slice(0, -'/reset-password'.length)}/#/reset-password${window.location.search}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
