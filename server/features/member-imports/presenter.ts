import type { ImportCounts, ImportField, MemberImportAnswer } from '../../../common/member-imports/schemas';
import type { MemberImport } from '../../db/schema';

/** An import as its facilitator sees it, with the counts of the rows processed so far. */
export const presentImport = (imp: MemberImport, counts: ImportCounts): MemberImportAnswer => ({
  _id: imp.id,
  fileName: imp.fileName,
  format: imp.format as MemberImportAnswer['format'],
  headers: imp.headers,
  columns: imp.columns as ImportField[],
  tierValues: imp.tierValues,
  status: imp.status,
  mail: imp.mail,
  rowsTotal: imp.rowsTotal,
  rowsDone: counts.rows,
  counts,
  createdAt: imp.createdAt.toISOString(),
  finishedAt: imp.finishedAt?.toISOString() ?? null,
});
