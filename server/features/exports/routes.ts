import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DownloadQuery, ExportAnswer, ExportParams, ExportsAnswer } from '../../../common/exports/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { fail, forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { attachment } from '../payments/csv';
import { canDownloadExport, requireBusinessExporter, requireSiteExporter } from './policy';
import { findExport } from './queries';
import { archiveFileName, listExports, requestExport, validDownload } from './service';

/** Exports of a whole business (a facilitator's) or of the site (an admin's), and their download. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post('/app/facilitator/exports', { schema: { response: { 200: ExportAnswer } } }, async (req) =>
    requestExport(ctx, requireBusinessExporter(req), 'business'),
  );

  app.get('/app/facilitator/exports', { schema: { response: { 200: ExportsAnswer } } }, async (req) =>
    listExports(ctx, requireBusinessExporter(req), 'business'),
  );

  app.post('/admin/exports', { schema: { response: { 200: ExportAnswer } } }, async (req) =>
    requestExport(ctx, requireSiteExporter(req), 'site'),
  );

  app.get('/admin/exports', { schema: { response: { 200: ExportsAnswer } } }, async (req) =>
    listExports(ctx, requireSiteExporter(req), 'site'),
  );

  /** The archive, to its requester only, with a link signed for them that expires with the archive. */
  app.get(
    '/app/exports/:id/download',
    { schema: { params: ExportParams, querystring: DownloadQuery } },
    async (req, reply) => {
      const user = requireUser(req);
      const row = await findExport(ctx, req.params.id);
      authorize(canDownloadExport(user, row), hidden('export_not_found'));
      if (row.state === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now()))
        throw fail(410, 'export_expired');
      if (row.state !== 'ready' || !row.storageKey) throw fail(409, 'export_not_ready');
      if (!validDownload(ctx, row, req.query.exp, req.query.sig)) throw forbidden('signed_link_invalid');
      const obj = await ctx.storage.get(row.storageKey);
      if (!obj) throw fail(410, 'export_expired');
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', obj.size)
        .header('content-disposition', attachment(archiveFileName(row)))
        .header('cache-control', 'private, no-store')
        .send(obj.stream);
    },
  );
};
