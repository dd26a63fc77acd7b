// What web/boot.ts preloads for a signed-in visitor, written into index.html.
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { HOME, SHELL } from './web-chunks';

const repoFile = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

const inWeb = (paths: readonly string[]) => paths.map((p) => `web/${p}`);
/** The signed-in layout's modules (the chunk groups' roots, web-chunks.ts) and whoami's schema. */
const SIGNED_IN = [...inWeb(SHELL), 'common/auth/schemas.ts'];
/** A page's own modules by path: the page and what its loader imports (web/router.tsx). */
const PAGES: Record<string, string[]> = {
  '/': inWeb([...HOME, 'features/practice/api/get-today-content.ts', 'features/practice/api/get-content-history.ts']),
};

/**
 * Adds web/boot.ts (an entry of its own, vite.config.ts) to index.html's head, after the list it
 * reads: the chunks holding the signed-in layout's
 * modules and each listed page's, with the chunks they import, less what index.html already loads
 * (the entry and its imports, which Vite preloads itself). Paths are the built files' URLs.
 */
export const bootPreloads = (): Plugin => ({
  name: 'boot-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
      const holding = (path: string) => {
        const id = repoFile(path);
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`boot preloads: no chunk holds ${path}`);
        return chunk.fileName;
      };
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (names: Iterable<string>, skip: Set<string>) => {
        const out = new Set<string>();
        const visit = (name: string) => {
          if (out.has(name) || skip.has(name)) return;
          out.add(name);
          for (const next of byName.get(name)?.imports ?? []) visit(next);
        };
        for (const name of names) visit(name);
        return out;
      };
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === repoFile('web/index.html'));
      const boot = chunks.find((c) => c.isEntry && c.facadeModuleId === repoFile('web/boot.ts'));
      if (!entry || !boot) throw new Error('boot preloads: no entry chunk for web/index.html or web/boot.ts');
      const loaded = withImports([entry.fileName], new Set());
      const signedIn = withImports(SIGNED_IN.map(holding), loaded);
      const pages = Object.fromEntries(
        Object.entries(PAGES).map(([path, modules]) => [
          path,
          [...withImports(modules.map(holding), new Set([...loaded, ...signedIn]))].map((name) => `/${name}`),
        ]),
      );
      const list = { signedIn: [...signedIn].map((name) => `/${name}`), pages };
      return [
        {
          tag: 'script',
          attrs: { type: 'application/json', id: 'tend-preloads' },
          children: JSON.stringify(list),
          injectTo: 'head',
        },
        // async: it runs as soon as it arrives, before the entry (a module script, deferred)
        { tag: 'script', attrs: { type: 'module', async: true, src: `/${boot.fileName}` }, injectTo: 'head' },
      ];
    },
  },
});
