// How the web build is cut into chunks (vite.config.ts): zod configured first, icons and date-fns
// imported file by file, and the chunk groups of a member's first page and /login.
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';

type GetManualChunk = Rollup.GetManualChunk;
type ManualChunkMeta = Rollup.ManualChunkMeta;

const webFile = (p: string) => fileURLToPath(new URL(`../../web/${p}`, import.meta.url));
const ZOD_CONFIG = webFile('zod-config.ts');
const CONFIGURED = '\0zod-configured:';
const ZOD_SPECIFIERS = new Set(['zod', 'zod/mini']);

/**
 * zod must be configured (jitless: the strict CSP has no 'unsafe-eval') before any schema is
 * built. main.tsx used to import web/zod-config.ts first, which put zod on every page, /login
 * included, and any chunk order that ran a schema module before the entry broke it. Here every
 * `zod` / `zod/mini` import of the app's own modules (web/, common/) goes through a module that
 * imports web/zod-config.ts first and then re-exports zod: the configuration is a dependency of
 * each schema module, so it runs first whatever the chunks, and only pages with schemas load zod.
 */
export const zodConfiguredFirst = (): Plugin => ({
  name: 'zod-configured-first',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!ZOD_SPECIFIERS.has(source) || !importer) return null;
    if (importer.startsWith(CONFIGURED)) return this.resolve(source, ZOD_CONFIG, { skipSelf: true });
    if (importer === ZOD_CONFIG || importer.includes('/node_modules/')) return null;
    return `${CONFIGURED}${source}`;
  },
  load(id) {
    if (!id.startsWith(CONFIGURED)) return null;
    const source = JSON.stringify(id.slice(CONFIGURED.length));
    const defaultExport = source === '"zod"' ? `export { default } from ${source};\n` : '';
    return `import ${JSON.stringify(ZOD_CONFIG)};\nexport * from ${source};\n${defaultExport}`;
  },
});

const PACKAGE_BARREL =
  /import\s*\{([^}]*)\}\s*from\s*'(@heroicons\/react\/(?:16|20|24)\/(?:outline|solid)|date-fns)';/g;

/**
 * `import { HomeIcon } from '@heroicons/react/24/outline'` (and date-fns' functions) as imports of
 * each file (`@heroicons/react/24/outline/HomeIcon`): through the packages' index modules, every
 * module importing one icon would import them all, and the groups below (static closures) could
 * not tell which icons the layout needs and the entry does not. Build only; the same modules run.
 * Lines stay where they were (a multi-line import is written on its first line, the rest blank).
 */
export const deepPackageImports = (): Plugin => ({
  name: 'deep-package-imports',
  apply: 'build',
  enforce: 'pre',
  transform(code, id) {
    if (!/\/(?:web|common)\/.*\.tsx?$/.test(id.split('?')[0]) || !PACKAGE_BARREL.test(code)) return null;
    PACKAGE_BARREL.lastIndex = 0;
    const replaced = code.replace(PACKAGE_BARREL, (whole, names: string, from: string) => {
      const imports = names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => {
          const [exported, local = exported] = name.split(/\s+as\s+/);
          return from === 'date-fns'
            ? `import { ${exported} as ${local} } from '${from}/${exported}';`
            : `import ${local} from '${from}/${exported}';`;
        });
      return imports.join(' ') + '\n'.repeat(whole.split('\n').length - 1);
    });
    return { code: replaced, map: null };
  },
});

/** Modules the roots import statically, the roots included. */
function staticClosure(roots: readonly string[], meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

const ROUTER = 'router.tsx';
const ENTRY = 'index.html';
const SIGN_IN = 'features/auth/login-page.tsx';
/** Loads the toasts' library once the first page is idle. */
const TOASTER = 'app/lazy-toaster.tsx';
/** Registers the service worker (workbox-window), loaded at the same moment (main.tsx). */
const SERVICE_WORKER = 'app/service-worker.ts';
/**
 * The signed-in layout and what the router passes it (web/router.tsx, the '/' route): the bell
 * with its count (notifications-menu.tsx), not the menu itself, which loads with its Headless UI when the
 * member reaches for it (web/app/load-on-intent.tsx); as a root here it would be in what the first
 * paint waits for.
 */
export const SHELL = [
  'features/layout/app-layout.tsx',
  'features/messages/messages-link.tsx',
  'features/notifications/notifications-menu.tsx',
];
/** The header's menus, loaded when reached for (web/app/load-on-intent.tsx). */
const MENUS = ['features/notifications/notifications-bell.tsx', 'features/layout/header-menu.tsx'];
/** A member's first page: the daily practice and the query its loader imports (web/router.tsx). */
export const HOME = ['features/practice/daily-practice-page.tsx', 'features/sessions/api/get-user-sessions.ts'];
/** What whoami loads beside its call (web/features/session/api/get-whoami.ts), signed in or not. */
const WHOAMI_SCHEMAS = '../common/auth/schemas.ts';
/** The screens a signed-out visitor opens (the router's public routes). */
const SIGNED_OUT_PAGE = /\/web\/features\/(?:auth|legal|setup)\/|\/web\/features\/notifications\/unsubscribe-page/;

/**
 * Chunk groups (a member's first page under 25 script requests, /login's
 * JavaScript under 150 KB). Rollup's own chunks follow which lazy pages share a module: a page
 * took 20 to 40 of them, and experimentalMinChunkSize merged small ones into whatever chunk cost
 * least (often the entry, which /login loads) but never one with side effects (a zod schema, a
 * clsx call). Each group is a static closure minus the entry's closure (and minus what an earlier
 * group or the signed-out pages hold), so a group only needs the entry, itself or an earlier
 * group: the entry never imports one (no group module runs before the entry's own modules), and
 * no chunk cycle can form.
 * - when-idle: sonner, which the entry loads once the page is idle and forms call, and the service
 *   worker's registration (workbox-window), which it loads at the same moment: one request, not two.
 * - ui: what /login shares with the signed-in first page (buttons, the logo, error texts, the
 *   redirect check whoami's schema uses): both load it, and the daily practice no longer loads the
 *   sign-in form's react-hook-form.
 * - sign-in: /login's own code with the form (react-hook-form). /login loads the entry, ui and this; the other signed-out screens and signed-in forms share it.
 * - app-shell: what the signed-in layout shares with other pages: zod (the live connection's and the
 *   messages link's schemas need it before the first paint), the layout's icons and styles, the
 *   live connection. Every signed-in page loads all of it.
 * - app-common: what the daily practice shares with other signed-in pages (full zod and the
 *   common/ schemas, media, images, lists). Another page loads it whole, also the parts it does
 *   not use; the daily practice's own code stays in its page chunk.
 * - header-menus: the notifications and account menus with Headless UI's menu, one request when
 *   the member first reaches for one of them (the page's own modules stay with the page; it
 *   imports app-common, so a signed-in page without it loads that then too). Other pages with a
 *   menu or a dialog load it too, as they would have loaded its parts.
 */
export function webManualChunks(): GetManualChunk {
  let groups: Map<string, string> | undefined;
  let builtFor: ManualChunkMeta['getModuleInfo'] | undefined;
  return (id, meta) => {
    if (!groups || builtFor !== meta.getModuleInfo) {
      builtFor = meta.getModuleInfo;
      groups = buildGroups(meta);
    }
    return groups.get(id);
  };
}

function buildGroups(meta: ManualChunkMeta): Map<string, string> {
  const ids = new Set(meta.getModuleIds());
  const find = (path: string) => {
    const id = webFile(path);
    if (!ids.has(id)) throw new Error(`web chunks: no module ${path} in the build`);
    return id;
  };
  const closure = (paths: readonly string[]) => staticClosure(paths.map(find), meta);
  const pages = meta.getModuleInfo(find(ROUTER))?.dynamicallyImportedIds ?? [];
  const roots = new Set([...SHELL, ...HOME].map(find));
  const otherSignedIn = staticClosure(
    pages.filter((id) => !SIGNED_OUT_PAGE.test(id) && !roots.has(id)),
    meta,
  );
  const groups = new Map<string, string>();
  const taken = new Set<string>();
  const add = (name: string, members: Iterable<string>, keep: (id: string) => boolean = () => true) => {
    for (const id of members) {
      if (taken.has(id) || !keep(id)) continue;
      groups.set(id, name);
      taken.add(id);
    }
  };
  add('index', closure([ENTRY]));
  add('when-idle', [
    ...staticClosure(meta.getModuleInfo(find(TOASTER))?.dynamicallyImportedIds ?? [], meta),
    ...closure([SERVICE_WORKER]),
  ]);
  const signIn = closure([SIGN_IN]);
  const shell = closure(SHELL);
  const home = closure(HOME);
  const signedIn = new Set([...shell, ...home, ...closure(MENUS), ...closure([WHOAMI_SCHEMAS])]);
  add('ui', signIn, (id) => signedIn.has(id));
  add('sign-in', signIn);
  add('app-shell', shell, (id) => otherSignedIn.has(id));
  add('layout', shell);
  add('app-common', home, (id) => otherSignedIn.has(id));
  add('header-menus', closure(MENUS), (id) => !home.has(id));
  return groups;
}
