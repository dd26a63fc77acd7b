import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A comment states the rule it guards in a sentence of its own: a reader who clones the repository
 * cannot follow a pointer to an issue tracker, a spec section, a design note that is not in it, or
 * a path outside it. The patterns are built so that this file does not match them itself.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

type Rule = { name: string; pattern: RegExp };

const ISSUE: Rule = { name: 'an issue number', pattern: /\bissues? #?\d+/i };
const SPEC: Rule = { name: 'a spec section', pattern: new RegExp(['\\bspec 0\\d\\b', '\u00a7'].join('|'), 'i') };
const DESIGN_NOTE: Rule = { name: 'a design note outside the repository', pattern: /\bDESIGN\.md\b/ };
const SHARED: Rule = { name: 'a path outside the repository', pattern: /\.\.\/shared\b/ };

/** Source files: every line is checked, comments and text alike. */
const SOURCE = /\.(?:ts|tsx|mjs|js|css|html|sql|sh)$/;
const SOURCE_NAMES = new Set(['Dockerfile', 'compose.yaml']);
const SOURCE_RULES = [ISSUE, SPEC, DESIGN_NOTE, SHARED];

/** The repository's own documents: only pointers out of the repository are refused there. */
const MARKDOWN = /^(?:README\.md|ARCHITECTURE\.md|docs\/.+\.md|deploy\/README\.md)$/;
const MARKDOWN_RULES = [DESIGN_NOTE, SHARED];

/**
 * A relative path made of `..` segments at its start ('../x', '..'), where nothing path-like
 * comes before it: the count of `..` is how many folders it climbs from the file's own folder.
 */
const CLIMB = /(?<![\w./@~-])\.\.(?:\/\.\.)*(?=\/|['"`\s),;]|$)/g;

const isSource = (path: string) =>
  !path.includes('node_modules/') &&
  path !== 'package-lock.json' &&
  (SOURCE.test(path) || SOURCE_NAMES.has(path) || (path.startsWith('deploy/') && !path.endsWith('.md')));

/** The folders between the repository root and the file: how far up a relative path may go. */
const depthOf = (path: string) => path.split('/').length - 1;

/** Where a line climbs above the repository root from the file's folder, as the path it wrote. */
function climbsAboveRoot(path: string, line: string): string | undefined {
  for (const match of line.matchAll(CLIMB)) {
    const ups = match[0].split('/').length;
    if (ups > depthOf(path)) return match[0];
  }
  return undefined;
}

/** Every offending line of one file, as 'file:line: what it cites: the line'. */
function findReferences(path: string, text: string): string[] {
  const rules = MARKDOWN.test(path) ? MARKDOWN_RULES : SOURCE_RULES;
  const checksClimbs = !MARKDOWN.test(path);
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const cited = rules.filter((rule) => rule.pattern.test(line)).map((rule) => rule.name);
    const climb = checksClimbs ? climbsAboveRoot(path, line) : undefined;
    if (climb) cited.push(`a path above the repository root (${climb})`);
    if (cited.length > 0) found.push(`${path}:${index + 1}: ${cited.join(', ')}: ${line.trim().slice(0, 200)}`);
  });
  return found;
}

function checkedFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return tracked.filter((path) => path && (isSource(path) || MARKDOWN.test(path)) && existsSync(ROOT + path));
}

describe('references a reader of the repository cannot follow', () => {
  it('finds each kind, naming the file and line, and lets plain sentences pass', () => {
    const issue = ['// the audit log', 'issue', '8'].join(' ');
    const threeUp = ['..', '..', '..'].join('/');
    const text = [
      '// a plain sentence about release order',
      issue,
      `/** dates MM/dd/yyyy (spec 0${2} \u00a79) */`,
      `// see ${'DESIGN'}.md`,
      `import { x } from '..${'/shared'}/x';`,
      `import { y } from '${threeUp}/y';`,
      "import { z } from '../z';",
    ].join('\n');
    expect(findReferences('web/a/b.ts', text)).toEqual([
      `web/a/b.ts:2: an issue number: ${issue}`,
      `web/a/b.ts:3: a spec section: /** dates MM/dd/yyyy (spec 0${2} \u00a79) */`,
      `web/a/b.ts:4: a design note outside the repository: // see ${'DESIGN'}.md`,
      `web/a/b.ts:5: a path outside the repository: import { x } from '..${'/shared'}/x';`,
      `web/a/b.ts:6: a path above the repository root (${threeUp}): import { y } from '${threeUp}/y';`,
    ]);
    expect(findReferences('vite.config.ts', "root: '..',")).toEqual([
      "vite.config.ts:1: a path above the repository root (..): root: '..',",
    ]);
    expect(findReferences('README.md', issue)).toEqual([]);
    expect(findReferences('README.md', `see ..${'/shared'}/x`)).toHaveLength(1);
  });

  it('none in the tracked source files and documents', () => {
    const files = checkedFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) => findReferences(path, readFileSync(ROOT + path, 'utf8')));
    expect(found, `${found.length} lines cite what the repository does not hold:\n${found.join('\n')}`).toEqual([]);
  });
});
