import '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_MAX_BYTES,
  ImageConfigAnswer,
  ImageUploadAnswer,
  ImageUploadAuthAnswer,
  MEDIA_MAX_BYTES,
  SignedUrlAnswer,
  UploadAnswer,
} from '../../../common/uploads/schemas';
import { quotaFull, uploadRoom, uploadRoomOf } from './quota';
import { HttpError, badRequest, fail, forbidden, notFound } from '../../platform/errors';
import { authorize } from '../../platform/authorize';
import { requireUser } from '../auth/policy';
import {
  consumeUploadAuth,
  createUploadAuth,
  imageHostSettings,
  readImage,
  storeImage,
  type UploadFields,
} from './image-host';
import { checkSignature, findMedia, MEDIA_KEY, parseRange, signedUrlFor, storeMedia } from './media';
import { mayAccessMedia } from './media-access';

const FileKeyParams = z.object({ fileKey: z.string().regex(MEDIA_KEY, 'Invalid file key') });
const SignedQuery = z.object({ exp: z.coerce.number().int(), sig: z.string().min(10).max(100) });
const ImagePath = z.object({ path: z.string().regex(/^[0-9a-f-]{36}\.[a-z]{3,4}$/, 'Invalid image path') });
const ImageQuery = z.object({
  tr: z
    .string()
    .regex(/^w-\d{1,4}$/)
    .optional(),
});

const isTooLarge = (err: unknown) => (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

/** The image host's upload protocol and the media calls (upload, signed URLs, captions). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/api/image-config', { schema: { response: { 200: ImageConfigAnswer } } }, async () => {
    const { urlEndpoint, publicKey, uploadUrl } = imageHostSettings(ctx);
    return { urlEndpoint, publicKey, uploadUrl };
  });

  /** Step 1: signature, token and expire for one upload (signed-in users only). */
  app.get('/api/image-upload-auth', { schema: { response: { 200: ImageUploadAuthAnswer } } }, async (req) => {
    const user = requireUser(req);
    // confirmed accounts with room left only: refused here, before the browser uploads
    await uploadRoom(ctx, user);
    return createUploadAuth(ctx, user.id);
  });

  /** Step 2 (built-in host): multipart file + fileName, publicKey, signature, expire, token. */
  app.post('/api/images/upload', { schema: { response: { 200: ImageUploadAnswer } } }, async (req) => {
    if (!req.isMultipart()) throw badRequest('multipart_required');
    const fields: UploadFields & Record<string, string | undefined> = {};
    let file: Buffer | undefined;
    try {
      // an image is at most 10 MB, so it is read whole and checked before anything is stored
      for await (const part of req.parts({ limits: { fileSize: IMAGE_MAX_BYTES - 1, files: 1, fields: 10 } })) {
        if (part.type === 'file') file = await part.toBuffer();
        else fields[part.fieldname] = String(part.value);
      }
    } catch (err) {
      if (isTooLarge(err)) throw fail(413, 'image_too_big');
      throw err;
    }
    if (!file) throw badRequest('file_missing');
    if (!fields.fileName) throw badRequest('file_name_missing');
    const ownerId = await consumeUploadAuth(ctx, fields);
    if (ownerId && file.length > (await uploadRoomOf(ctx, ownerId))) throw quotaFull(ctx);
    return storeImage(ctx, ownerId, file, fields.fileName);
  });

  /** Images by path; `tr=w-100` (xs) and `tr=w-600` (sm) resize. Paths are unique, so cache forever. */
  app.get('/images/:path', { schema: { params: ImagePath, querystring: ImageQuery } }, async (req, reply) => {
    const width = req.query.tr ? Number(req.query.tr.slice(2)) : undefined;
    const image = await readImage(ctx, req.params.path, width);
    if (!image) throw notFound('image_not_found');
    return reply
      .header('content-type', image.contentType)
      .header('content-length', image.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.stream);
  });

  /** POST app/upload: streamed to storage, type from the bytes -> {url: file key}. */
  app.post('/api/app/upload', { schema: { response: { 200: UploadAnswer } } }, async (req) => {
    const user = requireUser(req);
    if (!req.isMultipart()) throw badRequest('multipart_required');
    // the stream stops at whichever comes first: the file limit or the room left in the quota
    const room = await uploadRoom(ctx, user);
    const overQuota = room < MEDIA_MAX_BYTES;
    const part = await req.file({ limits: { fileSize: Math.min(MEDIA_MAX_BYTES, room), files: 1 } });
    if (!part) throw badRequest('file_missing');
    try {
      return await storeMedia(ctx, user.id, part.file, part.filename);
    } catch (err) {
      if (err instanceof HttpError && err.body.error === 'captions_too_large') throw err;
      if (isTooLarge(err) || (err instanceof HttpError && err.statusCode === 413)) {
        throw overQuota ? quotaFull(ctx) : fail(413, 'file_too_large');
      }
      throw err;
    }
  });

  /** GET app/get-signed-url/{fileKey}: only for those entitled to the content. */
  app.get(
    '/api/app/get-signed-url/:fileKey',
    { schema: { params: FileKeyParams, response: { 200: SignedUrlAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const file = await findMedia(ctx, req.params.fileKey);
      if (!file) throw notFound('file_not_found');
      authorize(await mayAccessMedia(ctx, user, file), () => forbidden('file_access_denied'));
      return { signedUrl: await signedUrlFor(ctx, file.key, file.contentType), contentType: file.contentType };
    },
  );

  /** The signed URL itself (local storage): expiring, with HTTP Range so audio and video seek. */
  app.get(
    '/api/files/:fileKey',
    { schema: { params: FileKeyParams, querystring: SignedQuery } },
    async (req, reply) => {
      const { fileKey } = req.params;
      if (!checkSignature(ctx, fileKey, req.query.exp, req.query.sig)) throw forbidden('signed_link_invalid');
      const file = await findMedia(ctx, fileKey);
      const size = file && (await ctx.storage.size(`media/${fileKey}`));
      if (!file || size === undefined) throw notFound('file_not_found');
      const range = parseRange(req.headers.range, size);
      if (range === 'invalid') return reply.status(416).header('content-range', `bytes */${size}`).send();
      const obj = await ctx.storage.get(`media/${fileKey}`, range);
      if (!obj) throw notFound('file_not_found');
      reply
        .header('content-type', file.contentType)
        .header('accept-ranges', 'bytes')
        .header('content-disposition', `inline; filename="${fileKey}"`)
        .header('cache-control', 'private, max-age=3600');
      if (range) {
        reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
        reply.header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', size);
      }
      return reply.send(obj.stream);
    },
  );
};
