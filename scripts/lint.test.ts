import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without type declarations
import { biomeConfig } from './lint/biome-config.mjs';

const root = resolve(__dirname, '..');
const biome = join(root, 'node_modules', '.bin', 'biome');

/** Lints one throw-away file placed at `path` (the overrides match on where a file lives). */
function lintProbe(path: string, source: string) {
  const file = join(root, path);
  writeFileSync(file, source);
  try {
    const run = spawnSync(biome, ['lint', '--colors=off', path], { cwd: root, encoding: 'utf8' });
    return { failed: run.status !== 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

describe('lint rules (biome.json, from scripts/lint/biome-config.mjs)', () => {
  it('biome.json is what the generator writes, so every web feature folder has its import rule', () => {
    expect(JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))).toEqual(biomeConfig());
  });

  it('refuses a web feature importing another feature outside the documented exceptions', () => {
    const alias = lintProbe(
      'web/features/posts/zz-lint-probe.ts',
      "import { GroupList } from '@web/features/groups/group-list';\nexport const probe = GroupList;\n",
    );
    expect(alias.failed).toBe(true);
    expect(alias.output).toContain('lint/style/noRestrictedImports');
    const relative = lintProbe(
      'web/features/posts/zz-lint-probe.ts',
      "import { GroupList } from '../groups/group-list';\nexport const probe = GroupList;\n",
    );
    expect(relative.failed).toBe(true);
  });

  it('allows the documented exceptions: profiles composes groups, every feature reads session', () => {
    const profiles = lintProbe(
      'web/features/profiles/zz-lint-probe.ts',
      "import { GroupList } from '@web/features/groups/group-list';\nimport { roles } from '@web/features/session/roles';\nexport const probe = [GroupList, roles];\n",
    );
    expect(profiles.output).not.toContain('noRestrictedImports');
  });

  it('refuses server/platform importing a feature and common/ importing server/', () => {
    const platform = lintProbe(
      'server/platform/zz-lint-probe.ts',
      "import { requireUser } from '../features/auth/policy';\nexport const probe = requireUser;\n",
    );
    expect(platform.output).toContain('lint/style/noRestrictedImports');
    const common = lintProbe(
      'common/zz-lint-probe.ts',
      "import { config } from '../server/config';\nexport const probe = config;\n",
    );
    expect(common.output).toContain('lint/style/noRestrictedImports');
  });
});
