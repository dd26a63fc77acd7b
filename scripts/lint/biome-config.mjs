/**
 * The source of biome.json (lint and format, run by `npm test`): `node scripts/lint/biome-config.mjs`
 * writes it. Kept as code so each rule can say why, and so the import directions of
 * ARCHITECTURE.md follow the feature folders; scripts/lint.test.ts checks biome.json matches it.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export function biomeConfig() {
  const features = readdirSync(fileURLToPath(new URL('../../web/features', import.meta.url)), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  // ARCHITECTURE.md 'Directions': who may import which other web feature
  const allowed = {
    admin: ['groups'],
    'content-import': ['program'],
    groups: ['posts'],
    messages: ['blocks'],
    practice: ['sessions'],
    profiles: ['blocks', 'groups', 'notifications', 'posts', 'sessions', 'subscriptions'],
    settings: ['blocks'],
  };
  const message = (f) =>
    `web/features/${f} may import only itself, features/session and the exceptions listed in ARCHITECTURE.md 'Directions'; shared UI belongs in web/components/.`;
  const rule = (patterns, paths = {}) => ({ level: 'error', options: { paths, patterns } });
  const overrides = [
    {
      includes: ['common/**'],
      linter: {
        rules: {
          style: {
            noRestrictedImports: rule([
              {
                group: ['@web/*', '**/web/**', '**/server/**'],
                message: 'common/ imports nothing from server/ or web/ (ARCHITECTURE.md).',
              },
            ]),
          },
        },
      },
    },
    {
      includes: ['server/platform/**'],
      linter: {
        rules: {
          style: {
            noRestrictedImports: rule([
              { group: ['**/features/**'], message: 'server/platform/ never imports a feature (ARCHITECTURE.md).' },
            ]),
          },
        },
      },
    },
    {
      includes: ['web/**'],
      linter: {
        rules: {
          style: {
            noRestrictedImports: rule([
              { group: ['**/server/**'], message: 'web/ never imports server/ (ARCHITECTURE.md).' },
            ]),
          },
        },
      },
    },
    {
      includes: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'server/test/**', 'e2e/**', 'scripts/**'],
      linter: {
        rules: {
          suspicious: {
            noAssignInExpressions: 'off',
            useIterableCallbackReturn: 'off',
            noImplicitAnyLet: 'off',
            noExplicitAny: 'off',
            noShadowRestrictedNames: 'off',
          },
          correctness: { noUnsafeOptionalChaining: 'off', noEmptyPattern: 'off', noComponentHookFactories: 'off' },
          style: { useTemplate: 'off' },
          // a mocked constructor (vi.spyOn(Intl, 'DateTimeFormat')) must be a function, not an arrow
          complexity: { noCommaOperator: 'off', useArrowFunction: 'off' },
          // Playwright's innerText() reads what is shown, which is what a journey checks
          performance: { useDomNodeTextContent: 'off' },
        },
      },
    },
    ...features.map((f) => {
      const ok = [f, 'session', ...(allowed[f] ?? [])];
      const others = features.filter((g) => !ok.includes(g));
      return {
        includes: [`web/features/${f}/**`],
        linter: {
          rules: {
            style: {
              noRestrictedImports: rule([
                {
                  group: others
                    .flatMap((g) => [`@web/features/${g}`, `@web/features/${g}/**`, `../../${g}/**`])
                    .concat(f === 'admin' ? [] : others.map((g) => `../${g}/**`)),
                  message: message(f),
                },
                { group: ['**/server/**'], message: 'web/ never imports server/ (ARCHITECTURE.md).' },
              ]),
            },
          },
        },
      };
    }),
  ];
  const config = {
    $schema: './node_modules/@biomejs/biome/configuration_schema.json',
    vcs: { enabled: true, clientKind: 'git', useIgnoreFile: true },
    files: {
      includes: [
        '**',
        '!**/dist',
        '!**/node_modules',
        '!server/db/migrations',
        '!**/*.json',
        '!**/*.css',
        '!**/*.html',
        '!**/*.md',
        '!**/*.svg',
      ],
    },
    formatter: { enabled: true, indentStyle: 'space', indentWidth: 2, lineWidth: 120 },
    javascript: {
      formatter: {
        quoteStyle: 'single',
        jsxQuoteStyle: 'double',
        semicolons: 'always',
        trailingCommas: 'all',
        arrowParentheses: 'always',
      },
    },
    assist: { enabled: false },
    linter: {
      enabled: true,
      rules: {
        preset: 'recommended',
        // `noUncheckedIndexedAccess` is on; `rows[0]!` after a query that must return a row is the idiom
        style: { noNonNullAssertion: 'off' },
        // tables restyled with display:block keep explicit roles on purpose (WebKit drops implied ones)
        // The a11y rules below are checked where they can be right: axe-core in every e2e journey.
        // Here they misread deliberate patterns: a focusable scrollable log (axe's
        // scrollable-region-focusable), fieldsets acting as radiogroups, drop zones whose keyboard
        // path is the button inside, a reply box focused because the member just asked for it.
        a11y: {
          noRedundantRoles: 'off',
          noAutofocus: 'off',
          noNoninteractiveElementToInteractiveRole: 'off',
          noNoninteractiveTabindex: 'off',
          noStaticElementInteractions: 'off',
          useKeyWithClickEvents: 'off',
          useAriaPropsSupportedByRole: 'off',
          useSemanticElements: 'off',
          noAriaHiddenOnFocusable: 'off',
        },
        // skeleton rows and split text have no identity but their position
        suspicious: { noArrayIndexKey: 'off' },
        // usePlaywrightValidDescribeCallback reads our own `describe` helpers as Playwright's;
        // noComponentHookFactories flags React Router's inline HydrateFallback route elements
        correctness: { usePlaywrightValidDescribeCallback: 'off', noComponentHookFactories: 'off' },
      },
    },
    overrides,
  };
  return config;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync('biome.json', `${JSON.stringify(biomeConfig(), null, 2)}\n`);
  execFileSync('npx', ['biome', 'format', '--write', 'biome.json'], { stdio: 'inherit' });
}
