import '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ImportMapping,
  ImportParams,
  MEMBER_IMPORT_MAX_BYTES,
  MemberImportAnswer,
  PreviewAnswer,
  RunImportRequest,
} from '../../../common/member-imports/schemas';
import { authorize } from '../../platform/authorize';
import { badRequest, forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canImportMembers } from './policy';
import { answerOf, importReport, loadImport, previewMemberImport, runMemberImport, uploadImport } from './service';

/** A facilitator's import of members from a CSV: upload, preview, run, progress and report. */
export const memberImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const importer = (req: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    authorize(canImportMembers(user), () => forbidden('member_import_facilitators_only'));
    return user;
  };

  /** Multipart `file`: stored, its header row recognised; nothing is imported yet. */
  app.post('/app/member-imports', { schema: { response: { 200: MemberImportAnswer } } }, async (req) => {
    const user = importer(req);
    if (!req.isMultipart()) throw badRequest('multipart_required');
    const part = await req.file({ limits: { fileSize: MEMBER_IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw badRequest('member_import_file_missing');
    return uploadImport(ctx, user, part.file, part.filename || 'members.csv');
  });

  app.get(
    '/app/member-imports/:id',
    { schema: { params: ImportParams, response: { 200: MemberImportAnswer } } },
    async (req) => {
      const user = importer(req);
      return answerOf(ctx, await loadImport(ctx, user, req.params.id));
    },
  );

  app.post(
    '/app/member-imports/:id/preview',
    { schema: { params: ImportParams, body: ImportMapping, response: { 200: PreviewAnswer } } },
    async (req) => {
      const user = importer(req);
      return previewMemberImport(ctx, user, await loadImport(ctx, user, req.params.id), req.body);
    },
  );

  app.post(
    '/app/member-imports/:id/run',
    { schema: { params: ImportParams, body: RunImportRequest, response: { 200: MemberImportAnswer } } },
    async (req) => {
      const user = importer(req);
      return runMemberImport(ctx, await loadImport(ctx, user, req.params.id), req.body);
    },
  );

  /** The report of every processed row, as CSV. */
  app.get('/app/member-imports/:id/report', { schema: { params: ImportParams } }, async (req, reply) => {
    const user = importer(req);
    const imp = await loadImport(ctx, user, req.params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="import-report-${imp.id}.csv"`);
    return reply.send(Readable.from(importReport(ctx, imp)));
  });
};
