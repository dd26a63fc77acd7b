import { errorText } from '../../../common/errors';
import type { ImportAnswer } from '../../../common/content-import/schemas';
import type { ContentImport, ContentImportItem } from '../../db/schema';

const countsOf = (items: readonly Pick<ContentImportItem, 'state'>[]) => ({
  pending: items.filter((i) => i.state === 'pending').length,
  done: items.filter((i) => i.state === 'done').length,
  failed: items.filter((i) => i.state === 'failed').length,
});

/** An import as the progress screen shows it; the feed's and items' addresses stay sealed on the server. */
export const presentImport = (row: ContentImport, items: readonly ContentImportItem[]): ImportAnswer => ({
  ...presentImportSummary(row, countsOf(items)),
  items: items.map((i) => ({
    position: i.position,
    title: i.title,
    state: i.state,
    reason: i.reason,
    reasonText: i.reason ? (errorText(i.reason) ?? 'The item could not be imported.') : null,
    contentId: i.contentId,
  })),
});

export const presentImportSummary = (row: ContentImport, counts: ImportAnswer['counts']) => ({
  _id: row.id,
  source: row.source,
  label: row.label,
  tierId: row.tierId,
  createdAt: row.createdAt.toISOString(),
  counts,
});
