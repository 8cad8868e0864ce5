// Built once in the cms-gen repository (npm run build here); the app serves dist/ at /admin, so
// every URL in it starts with /admin/. Editors and settings are split into chunks of their own.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // `npm run dev` against a running app (e.g. test/admin-dev/serve.ts): the API is proxied.
    proxy: { '/admin/api': process.env.CMS_GEN_ADMIN_API ?? 'http://127.0.0.1:1337' },
  },
});
