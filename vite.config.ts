import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { deepPackageImports, webManualChunks, zodConfiguredFirst } from './scripts/build/web-chunks';
import { bootPreloads } from './scripts/build/boot-preloads';
import { buildId } from './scripts/build/build-id';
import { lazySchemas } from './scripts/build/lazy-schemas';

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
 * Chunking (a member's first page under 25 script requests, /login's JavaScript at most 150 KB
 * gzipped; scripts/build/first-page-requests.mjs and scripts/build/route-js.mjs measure them).
 * The rule: the entry, /login, the signed-in layout and what the daily practice shares with
 * other pages are each one chunk (webManualChunks, scripts/build/web-chunks.ts, says how each
 * group is cut and why no group can run before the entry or form a cycle); Rollup splits the
 * rest by which pages share a module. experimentalMinChunkSize is off: it merged small
 * chunks into whichever chunk cost least (the entry, or another page: the daily practice landed in
 * the messages page's chunk) and never one with side effects (a zod schema, a clsx call), so a
 * first page took 38 requests; with the groups a member's first page takes 8, and merging only
 * added bytes. onlyExplicitManualChunks keeps a group to its own modules (otherwise React and the
 * router followed the layout into its chunk and /login loaded it). zod is configured first through
 * zodConfiguredFirst, not by the entry, so the order of chunks cannot break the strict CSP.
 */

export default defineConfig({
  root: dir('./web'),
  publicDir: dir('./web/public'),
  plugins: [
    zodConfiguredFirst(),
    deepPackageImports(),
    lazySchemas(),
    sonnerWithoutInlineStyles(),
    react(),
    tailwindcss(),
    bootPreloads(),
    buildId(),
    // the service worker: our own web/sw/sw.ts, built into dist/web/sw.js with the list of the app
    // shell's files written in (injectManifest). The page registers it itself once idle
    // (web/app/service-worker.ts); the manifest is the server's, from the site's brand.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // a classic worker script: module service workers are not in every browser members use
        rollupFormat: 'iife',
        // the app shell: every built script, style and page (not the source maps)
        globPatterns: ['**/*.{js,css,html}'],
        globIgnores: ['sw.js'],
      },
    }),
  ],
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
      // boot.ts: an entry of its own, which index.html runs async (scripts/build/boot-preloads.ts)
      input: { index: dir('./web/index.html'), boot: dir('./web/boot.ts') },
      output: { manualChunks: webManualChunks(), onlyExplicitManualChunks: true },
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
