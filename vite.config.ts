import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: dir('./web'),
  publicDir: dir('./web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@common': dir('./common'), '@web': dir('./web') } },
  build: { outDir: dir('./dist/web'), emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      // API calls go to the server; the app's own modules under web/api/ stay with Vite
      '^/api/(?!.*\\.tsx?$)': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
