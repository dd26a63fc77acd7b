import { createHmac, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_SIZES } from '../../../common/uploads/schemas';
import { imageUploadTokens, images } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, fail, forbidden } from '../../platform/errors';
import { sameHash } from '../../platform/secrets';
import { sniffBuffer } from './sniff';

/**
 * The built-in ImageKit-compatible image host: the auth call hands
 * out a single-use token with an expiry and HMAC-SHA1 signature; the upload checks all three;
 * images are served by path, resized by sharp for `tr=w-100` / `tr=w-600` and cached.
 */
const AUTH_TTL_SECONDS = 30 * 60;
export const BUILTIN_PUBLIC_KEY = 'public_tend_builtin';
// sharp's pixel limit: refuse decompression bombs
const MAX_PIXELS = 50_000_000;
const WIDTHS = new Set<number>(Object.values(IMAGE_SIZES));

export type ImageHostSettings = { publicKey: string; privateKey: string; urlEndpoint: string; uploadUrl: string };

export function imageHostSettings(ctx: AppContext): ImageHostSettings {
  const ik = ctx.config.imagekit;
  if (ik) return { ...ik, uploadUrl: 'https://upload.imagekit.io/api/v1/files/upload' };
  return {
    publicKey: BUILTIN_PUBLIC_KEY,
    privateKey: createHmac('sha256', ctx.config.appSecret).update('image-host').digest('hex'),
    urlEndpoint: '/images',
    uploadUrl: '/api/images/upload',
  };
}

/** ImageKit's signature: HMAC-SHA1(privateKey, token + expire), hex. */
export const signUpload = (privateKey: string, token: string, expire: number) =>
  createHmac('sha1', privateKey)
    .update(token + expire)
    .digest('hex');

export async function createUploadAuth(ctx: AppContext, userId: string) {
  const settings = imageHostSettings(ctx);
  const token = randomUUID();
  const expire = Math.floor(Date.now() / 1000) + AUTH_TTL_SECONDS;
  if (!ctx.config.imagekit) {
    await ctx.db.insert(imageUploadTokens).values({ token, userId, expiresAt: new Date(expire * 1000) });
  }
  return { token, expire, signature: signUpload(settings.privateKey, token, expire) };
}

export type UploadFields = {
  publicKey?: string;
  signature?: string;
  expire?: string;
  token?: string;
  fileName?: string;
};

/** Checks the signature, expiry and single use; answers the uploader's id. */
export async function consumeUploadAuth(ctx: AppContext, f: UploadFields) {
  const settings = imageHostSettings(ctx);
  if (!f.publicKey) throw badRequest('upload_key_missing');
  if (f.publicKey !== settings.publicKey) throw forbidden('upload_key_wrong');
  if (!f.signature || !f.token || !f.expire) throw badRequest('upload_signature_missing');
  const expire = Number(f.expire);
  if (!Number.isInteger(expire) || expire * 1000 < Date.now()) throw forbidden('upload_signature_expired');
  if (!sameHash(signUpload(settings.privateKey, f.token, expire), f.signature)) {
    throw forbidden('upload_signature_invalid');
  }
  const [used] = await ctx.db
    .update(imageUploadTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(imageUploadTokens.token, f.token),
        isNull(imageUploadTokens.usedAt),
        gt(imageUploadTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: imageUploadTokens.userId });
  if (!used) throw forbidden('upload_token_used');
  return used.userId;
}

const EXT_OF: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  heif: 'heic',
};

/** Validates the bytes as an image (magic bytes, then a full decode of the header) and stores it. */
export async function storeImage(ctx: AppContext, ownerId: string | null, buffer: Buffer, fileName: string) {
  if (buffer.length >= IMAGE_MAX_BYTES) throw fail(413, 'image_too_big');
  const sniffed = await sniffBuffer(buffer);
  if (sniffed?.fileType !== 'image') throw fail(415, 'not_an_image');
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw fail(415, 'image_unreadable');
  }
  if (!EXT_OF[meta.format ?? '']) throw fail(415, 'image_format_unsupported');
  // the original is public: it keeps no camera, time or GPS data
  const clean = await withoutMetadata(buffer, meta.format!).catch(() => {
    throw fail(415, 'image_unreadable');
  });
  const size = await sharp(clean).metadata();
  // HEIF comes back as AVIF (sharp encodes AV1, not HEVC)
  const ext = meta.format === 'heif' ? 'avif' : EXT_OF[meta.format!]!;
  const contentType = meta.format === 'heif' ? 'image/avif' : sniffed.mime;
  const path = `${randomUUID()}.${ext}`;
  await ctx.storage.put(`images/${path}`, Readable.from(clean), contentType);
  await ctx.db.insert(images).values({
    path,
    ownerId,
    contentType,
    width: size.width ?? null,
    height: size.height ?? null,
    size: clean.length,
  });
  return { filePath: `/${path}`, fileId: path.split('.')[0]!, name: fileName || path, size: clean.length };
}

/**
 * The image re-encoded without its metadata (EXIF with GPS and camera, XMP, IPTC; sharp writes
 * none unless asked), turned upright first so dropping the orientation tag changes nothing.
 * JPEG and WebP at quality 90; PNG lossless; AVIF/HEIF as AVIF. A GIF is kept as it came: the
 * format holds no EXIF, and re-encoding would flatten its frames.
 */
export async function withoutMetadata(buffer: Buffer, format: string): Promise<Buffer> {
  const image = () => sharp(buffer, { limitInputPixels: MAX_PIXELS }).rotate();
  switch (format) {
    case 'jpeg':
      return image().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return image().png().toBuffer();
    case 'webp':
      return image().webp({ quality: 90 }).toBuffer();
    case 'heif':
    case 'avif':
      return image().avif({ quality: 70 }).toBuffer();
    default:
      return buffer;
  }
}

/** An image by path, resized to an allowed width; resized copies are cached in storage. */
export async function readImage(ctx: AppContext, path: string, width?: number) {
  const [row] = await ctx.db.select().from(images).where(eq(images.path, path)).limit(1);
  if (!row) return undefined;
  if (!width || !WIDTHS.has(width) || row.contentType === 'image/gif') {
    const obj = await ctx.storage.get(`images/${path}`);
    return obj && { stream: obj.stream, size: obj.size, contentType: row.contentType };
  }
  const cacheKey = `image-cache/w${width}/${path}`;
  const cached = await ctx.storage.get(cacheKey);
  if (cached) return { stream: cached.stream, size: cached.size, contentType: row.contentType };
  const original = await ctx.storage.get(`images/${path}`);
  if (!original) return undefined;
  const resized = await original.stream
    .pipe(sharp({ limitInputPixels: MAX_PIXELS }).rotate().resize({ width, withoutEnlargement: true }))
    .toBuffer();
  await ctx.storage.put(cacheKey, Readable.from(resized), row.contentType);
  return { stream: Readable.from(resized), size: resized.length, contentType: row.contentType };
}
