import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { CAPTIONS_MIME } from '../../../common/uploads/text-alternatives';
import { mediaFiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { signPath, verifyPathSignature } from '../../platform/signing';
import { withoutMetadata } from './image-host';
import { withoutMediaMetadata } from './media-metadata';
import { readCaptions, storeCaptions } from './captions';
import { sniffStream } from './sniff';

export const SIGNED_URL_TTL_SECONDS = 60 * 60;
export const MEDIA_KEY = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * Streams an upload into storage (never whole in memory): the type is sniffed from the first
 * bytes, the key is generated here, and a failed or refused upload leaves nothing behind.
 */
export async function storeMedia(ctx: AppContext, ownerId: string, file: Readable, originalName: string) {
  const { stream, sniffed } = await sniffStream(file);
  if (!sniffed) {
    // a WebVTT captions file is text, which no magic bytes name: it is checked by its own rules
    const captions = await readCaptions(stream, file);
    if (captions) return storeCaptions(ctx, ownerId, captions, originalName);
    file.resume(); // drain what is left of the request
    throw fail(415, 'unsupported_media');
  }
  const key = `${randomUUID()}.${sniffed.ext}`;
  let size: number;
  try {
    // a file goes out to members as it is stored: an image without its EXIF (GPS, camera), audio
    // and video without their tags
    const body =
      sniffed.fileType === 'image'
        ? Readable.from(await imageWithoutMetadata(stream, file))
        : withoutMediaMetadata(stream, sniffed.ext);
    ({ size } = await ctx.storage.put(`media/${key}`, body, sniffed.mime));
    if ((file as Readable & { truncated?: boolean }).truncated) throw fail(413, 'file_too_large');
  } catch (err) {
    await ctx.storage.delete(`media/${key}`).catch(() => undefined);
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(413, 'file_too_large');
    throw err;
  }
  await ctx.db.insert(mediaFiles).values({
    key,
    ownerId,
    contentType: sniffed.mime,
    fileType: sniffed.fileType,
    size,
    originalName: originalName.slice(0, 200),
  });
  return { url: key, fileType: sniffed.fileType, contentType: sniffed.mime };
}

/** Reads an image upload whole (images are small next to audio and video) and strips its metadata. */
async function imageWithoutMetadata(stream: Readable, file: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if ((file as Readable & { truncated?: boolean }).truncated) throw fail(413, 'file_too_large');
  const buffer = Buffer.concat(chunks);
  const format = (
    await sharp(buffer)
      .metadata()
      .catch(() => ({ format: undefined }))
  ).format;
  if (!format) throw fail(415, 'unsupported_media');
  return withoutMetadata(buffer, format);
}

export async function findMedia(ctx: AppContext, key: string) {
  if (!MEDIA_KEY.test(key)) return undefined;
  const [row] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.key, key)).limit(1);
  return row;
}

/** A time-limited URL: S3's own presigned URL, or one Tend signs and serves with Range support. */
export async function signedUrlFor(ctx: AppContext, key: string, contentType: string) {
  // A <track> loads captions only from the page's own origin unless the bucket sends CORS headers,
  // so Tend serves them itself from any storage (they are at most 1 MB); media may come from S3.
  const presigned =
    contentType === CAPTIONS_MIME
      ? undefined
      : await ctx.storage.presign(`media/${key}`, {
          expiresInSeconds: SIGNED_URL_TTL_SECONDS,
          contentType,
          fileName: key,
        });
  if (presigned) return presigned;
  const exp = Math.floor(Date.now() / 1000) + SIGNED_URL_TTL_SECONDS;
  return `/api/files/${key}?exp=${exp}&sig=${signPath(ctx.config.appSecret, `media/${key}`, exp)}`;
}

export const checkSignature = (ctx: AppContext, key: string, exp: number, sig: string) =>
  verifyPathSignature(ctx.config.appSecret, `media/${key}`, exp, sig);

/** Parses a single `bytes=a-b` range; undefined for none, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}
