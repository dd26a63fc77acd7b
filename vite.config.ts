import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * sonner injects its CSS with a runtime <style> tag, which the strict CSP (style-src 'self')
 * blocks; its stylesheet is imported as a file in main.tsx instead and the injection is skipped.
 */
const sonnerWithoutInlineStyles = (): Plugin => ({
  name: 'sonner-without-inline-styles',
  enforce: 'pre',
  transform(code, id) {
    if (!/node_modules\/sonner\/dist\/index\.m?js$/.test(id)) return undefined;
    // map: null keeps the file's source map (one early return moves no code)
    return { code: code.replace('function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;'), map: null };
  },
});

/**
 * Chunking (issue 19 item 7). Left alone, Rollup made a chunk of every module two lazy pages
 * share (169 chunks, 90 under 2 KB, mostly one icon each): a member's first page took 69 script
 * requests. Chunks under 32 KB with no side effects now merge into a chunk loaded with them (24
 * for that page). No manualChunks: a named chunk runs its modules before the entry's own, so a
 * schema parsed at load ran before web/zod-config.ts (a CSP 'eval' report); grouping icons or
 * the dialog/menu library into named chunks also put more on /login.
 */
const MIN_CHUNK_BYTES = 32 * 1024;

export default defineConfig({
  root: dir('./web'),
  publicDir: dir('./web/public'),
  plugins: [sonnerWithoutInlineStyles(), react(), tailwindcss()],
  resolve: { alias: { '@common': dir('./common'), '@web': dir('./web') } },
  build: {
    outDir: dir('./dist/web'),
    emptyOutDir: true,
    // maps stay on disk for the operator; the server never serves them
    sourcemap: 'hidden',
    rollupOptions: {
      onwarn(warning, warn) {
        // a dependency's misplaced /*#__PURE__*/ comment: nothing we can act on, and it buried real warnings
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      output: { experimentalMinChunkSize: MIN_CHUNK_BYTES },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // the live connection's websocket, before the generic entry (which does not upgrade); a plain
      // '/api/live' prefix would also send the module /api/live-connection.ts to the server
      '^/api/live$': { target: 'ws://localhost:3000', ws: true },
      // API calls go to the server; the app's own modules under web/api/ stay with Vite
      '^/api/(?!.*\\.tsx?$)': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
    },
  },
});
