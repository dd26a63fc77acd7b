import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContentType } from '../../../common/content/schemas';
import {
  FeedPreviewAnswer,
  FeedPreviewRequest,
  FILES_IMPORT_MAX,
  ImportAnswer,
  ImportListAnswer,
  StartFeedImportRequest,
} from '../../../common/content-import/schemas';
import { IdParams } from '../../../common/params';
import { MEDIA_MAX_BYTES } from '../../../common/uploads/schemas';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { badRequest, fail, forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canImportContent, canSeeImport } from './policy';
import { presentImport, presentImportSummary } from './presenter';
import { fetchFeed, presentFeed, retryFailed, startFeedImport, startFilesImport, startZipImport } from './service';
import { findImport, importsOf, importWithItems } from './queries';

const onlyFacilitators = () => forbidden('program_facilitators_only');
const ZipQuery = z.object({ tierId: z.string().uuid(), contentType: ContentType.default('meditation') });
const RetryRequest = z.object({ position: z.number().int().min(0).optional() }).default({});

/** Bulk content import: a podcast feed, a ZIP or several files into one tier's queue, as a resumable job. */
export const contentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const importer = (req: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    authorize(canImportContent(user), onlyFacilitators);
    return user;
  };
  const loadOwn = async (user: User, id: string) => {
    const row = await findImport(ctx, id);
    authorize(row !== undefined && canSeeImport(user, row), hidden('import_not_found'));
    return row;
  };
  const present = async (id: string) => {
    const { row, items } = await importWithItems(ctx, (await findImport(ctx, id))!);
    return presentImport(row, items);
  };

  app.post(
    '/app/content-imports/feed-preview',
    { schema: { body: FeedPreviewRequest, response: { 200: FeedPreviewAnswer } } },
    async (req) => {
      importer(req);
      return presentFeed(await fetchFeed(ctx, req.body.feedUrl));
    },
  );

  app.post(
    '/app/content-imports/feed',
    { schema: { body: StartFeedImportRequest, response: { 200: ImportAnswer } } },
    async (req) => present(await startFeedImport(ctx, importer(req), req.body)),
  );

  /** multipart: the ZIP as `file`; the tier and the content type in the query */
  app.post(
    '/app/content-imports/zip',
    { schema: { querystring: ZipQuery, response: { 200: ImportAnswer } } },
    async (req) => {
      const user = importer(req);
      if (!req.isMultipart()) throw badRequest('multipart_required');
      const part = await req.file({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('file_missing');
      try {
        return await present(
          await startZipImport(ctx, user, { ...req.query, archive: part.file, fileName: part.filename }),
        );
      } catch (err) {
        part.file.resume();
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'file_too_large');
        throw err;
      }
    },
  );

  /**
   * multipart: the `items` field (JSON: each file's name, size and optional title, in queue
   * order), then the audio or video files in that order; the tier and the content type in the query
   */
  app.post(
    '/app/content-imports/files',
    { schema: { querystring: ZipQuery, response: { 200: ImportAnswer } } },
    async (req) => {
      const user = importer(req);
      if (!req.isMultipart()) throw badRequest('multipart_required');
      const parts = req.parts({
        limits: { fileSize: MEDIA_MAX_BYTES, files: FILES_IMPORT_MAX, fields: 1, parts: FILES_IMPORT_MAX + 1 },
      });
      return present(await startFilesImport(ctx, user, { ...req.query, parts }));
    },
  );

  app.get('/app/content-imports', { schema: { response: { 200: ImportListAnswer } } }, async (req) => {
    const rows = await importsOf(ctx, importer(req));
    return {
      imports: rows.map((r) => presentImportSummary(r.row, { pending: r.pending, done: r.done, failed: r.failed })),
    };
  });

  app.get('/app/content-imports/:id', { schema: { params: IdParams, response: { 200: ImportAnswer } } }, async (req) =>
    present((await loadOwn(importer(req), req.params.id)).id),
  );

  app.post(
    '/app/content-imports/:id/retry',
    { schema: { params: IdParams, body: RetryRequest, response: { 200: ImportAnswer } } },
    async (req) => {
      const row = await loadOwn(importer(req), req.params.id);
      await retryFailed(ctx, row, req.body.position);
      return present(row.id);
    },
  );
};
