import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { archiveReadme } from './archive-readme';
import { ARCHIVE_TABLES } from './archive-tables';

const docs = readFileSync(new URL('../../../docs/features/business-export.md', import.meta.url), 'utf8');

describe("the archive's documentation", () => {
  it("the docs page holds the archive's README word for word (its headings one level down)", () => {
    expect(docs).toContain(archiveReadme().replace(/^(#+) /gm, '##$1 '));
  });

  it('documents every table and column the writer reads', () => {
    const readme = archiveReadme();
    for (const table of ARCHIVE_TABLES) {
      expect(readme).toContain(`### ${table.name}.csv`);
      for (const column of table.columns) expect(readme).toContain(`| \`${column.name}\` |`);
    }
  });
});
