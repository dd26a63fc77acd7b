import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's layout must name exactly the folders that exist: every server feature, every
 * web feature and every top-level folder, none that is gone. The names are read from the fenced
 * block under '## Layout': a top-level folder is a line starting in the first column with
 * `name/`; a feature list is the parenthesised list that follows the `features/<name>/` line of
 * the `server/` or `web/` entry.
 */
const root = resolve(__dirname, '..');
const architecture = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');

/** The fenced block right after the '## Layout' heading. */
function layoutBlock(markdown: string): string[] {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((line) => line.trim() === '## Layout');
  if (heading < 0) throw new Error("ARCHITECTURE.md has no '## Layout' heading");
  const open = lines.findIndex((line, i) => i > heading && line.startsWith('```'));
  const close = lines.findIndex((line, i) => i > open && line.startsWith('```'));
  if (open < 0 || close < 0) throw new Error("no fenced block under '## Layout'");
  return lines.slice(open + 1, close);
}

/** Top-level names: `server/`, `common/<feature>/` and `common/errors.ts` all name their first segment. */
function topLevelNames(block: string[]): string[] {
  const names = block.map((line) => /^([A-Za-z0-9_.-]+)\//.exec(line)?.[1]).filter((n): n is string => !!n);
  return [...new Set(names)].sort();
}

/** The lines of one top-level entry: from its line to the next line starting in the first column. */
function entryOf(block: string[], folder: string): string[] {
  const start = block.findIndex((line) => line.startsWith(`${folder}/`));
  if (start < 0) throw new Error(`the layout has no '${folder}/' entry`);
  const end = block.findIndex((line, i) => i > start && /^\S/.test(line));
  return block.slice(start, end < 0 ? undefined : end);
}

/** A folder name as the lists write them: lower case, digits, dashes. */
const FOLDER_NAME = /^[a-z0-9][a-z0-9_-]*$/;

/**
 * The names in the parenthesised list after `features/<name>/` in `folder`'s entry: the first
 * parenthesised group, on lines of its own after that line, holding only folder names separated
 * by commas (a description's '(who may)' or '(see below)' is skipped). It may span lines.
 */
function featureList(block: string[], folder: string): string[] {
  const entry = entryOf(block, folder);
  const at = entry.findIndex((line) => line.trim().startsWith('features/<name>/'));
  if (at < 0) throw new Error(`the '${folder}/' entry has no 'features/<name>/' line`);
  for (let from = at + 1; from < entry.length; from++) {
    if (!entry[from]!.trim().startsWith('(')) continue;
    let text = '';
    for (const line of entry.slice(from)) {
      text += ` ${line.trim()}`;
      if (line.includes(')')) break;
    }
    const inside = /^\s*\(([^)]*)\)/.exec(text)?.[1];
    const names = inside === undefined ? [] : inside.split(',').map((name) => name.trim());
    if (names.length > 0 && names.every((name) => FOLDER_NAME.test(name))) return names;
  }
  throw new Error(`no parenthesised list of folder names after '${folder}/features/<name>/'`);
}

const foldersIn = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();

/** Top-level folders git ignores (`dist/`, `data/`, node_modules...): build output and local data. */
const ignoredFolders = new Set(
  readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => /^\/?([A-Za-z0-9_.-]+)\/$/.exec(line.trim())?.[1])
    .filter((n): n is string => !!n),
);

/** What is missing from the document and what it names that does not exist. */
function compare(named: string[], existing: string[]) {
  return {
    notNamed: existing.filter((name) => !named.includes(name)),
    notExisting: named.filter((name) => !existing.includes(name)),
  };
}

const block = layoutBlock(architecture);
const none = { notNamed: [], notExisting: [] };

describe('ARCHITECTURE.md names what exists', () => {
  it('every server feature folder, and none that is gone', () => {
    expect(compare(featureList(block, 'server'), foldersIn('server/features'))).toEqual(none);
  });

  it('every web feature folder, and none that is gone', () => {
    expect(compare(featureList(block, 'web'), foldersIn('web/features'))).toEqual(none);
  });

  it('every top-level folder, and none that is gone (build output and local data may be named)', () => {
    const existing = foldersIn('.').filter((name) => !ignoredFolders.has(name));
    const named = topLevelNames(block).filter((name) => !ignoredFolders.has(name));
    expect(compare(named, existing)).toEqual(none);
  });

  it('names each feature once', () => {
    for (const folder of ['server', 'web']) {
      const list = featureList(block, folder);
      expect(
        list.filter((name, i) => list.indexOf(name) !== i),
        folder,
      ).toEqual([]);
    }
  });
});

describe('the layout parser', () => {
  const sample = [
    'server/                 app',
    '  features/<name>/      parts: policy.ts (who may), routes.ts',
    '                        (see below)',
    '                        (alpha, beta,',
    '                        gamma)',
    'web/                    React',
    '  features/<name>/      pages',
    '                        (one)',
    'common/<feature>/       schemas',
    'common/errors.ts        the catalogue',
  ];

  it('reads the first parenthesised list of folder names after features/<name>/, across lines', () => {
    // the description's own parentheses, on the features line or a line of their own, are not the list
    expect(featureList(sample, 'server')).toEqual(['alpha', 'beta', 'gamma']);
    expect(featureList(sample, 'web')).toEqual(['one']);
  });

  it('names top-level folders by their first segment, once', () => {
    expect(topLevelNames(sample)).toEqual(['common', 'server', 'web']);
  });

  it('fails loudly when the list cannot be found', () => {
    expect(() => featureList(['server/', '  db/  x'], 'server')).toThrow(/features\/<name>/);
    expect(() => featureList(['server/', '  features/<name>/  x', '    (not a list)'], 'server')).toThrow(
      /no parenthesised/,
    );
    expect(() => featureList(['server/'], 'web')).toThrow(/'web\/' entry/);
    expect(() => layoutBlock('# Architecture\n')).toThrow(/Layout/);
  });

  it('reports both directions of a mismatch', () => {
    expect(compare(['a', 'b'], ['b', 'c'])).toEqual({ notNamed: ['c'], notExisting: ['a'] });
  });
});
