import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser bundle only. The server renders the same React source directly (through tsx), so there is
// no separate SSR build; it reads dist/client/.vite/manifest.json to link the hashed assets.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: { reader: 'src/client/entry-client.tsx', admin: 'src/client/admin/entry-admin.tsx' },
      output: {
        // One chunk for the libraries every page needs and one for our shared code, rather than a dozen slivers
        // that compress worse and cost a request each. Admin-only libraries (quill, recharts, sonner) stay apart.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler|@tanstack)\//.test(id)) return 'vendor';
          if (/src\/(shared|client\/(lib|components|app))\//.test(id) && !id.includes('/schemas/')) return 'common';
          return undefined;
        },
      },
    },
  },
});
