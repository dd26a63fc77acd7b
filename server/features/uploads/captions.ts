import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MIME, looksLikeWebVtt } from '../../../common/uploads/text-alternatives';
import { mediaFiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';

/**
 * A WebVTT captions file through app/upload. Text has no magic bytes, so a
 * file the sniffer cannot name is read up to CAPTIONS_MAX_BYTES and kept only when it starts
 * with 'WEBVTT' and is valid UTF-8. Answers its bytes, or undefined when it is not captions.
 */
export async function readCaptions(stream: Readable, file: Readable): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    // most files are refused by their first chunk, before more is read
    if (size === 0 && bytes.length >= 10 && !looksLikeWebVtt(bytes)) return undefined;
    size += bytes.length;
    if (size > CAPTIONS_MAX_BYTES) {
      file.resume();
      throw fail(413, 'captions_too_large');
    }
    chunks.push(bytes);
  }
  if ((file as Readable & { truncated?: boolean }).truncated) throw fail(413, 'file_too_large');
  const buffer = Buffer.concat(chunks);
  if (!looksLikeWebVtt(buffer) || !isUtf8(buffer)) return undefined;
  return buffer;
}

const isUtf8 = (buffer: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    return true;
  } catch {
    return false;
  }
};

/** Stores checked captions like any media file: a generated key, served only through signed URLs. */
export async function storeCaptions(ctx: AppContext, ownerId: string, captions: Buffer, originalName: string) {
  const key = `${randomUUID()}.vtt`;
  const { size } = await ctx.storage.put(`media/${key}`, Readable.from([captions]), CAPTIONS_MIME);
  await ctx.db.insert(mediaFiles).values({
    key,
    ownerId,
    contentType: CAPTIONS_MIME,
    fileType: 'document',
    size,
    originalName: originalName.slice(0, 200),
  });
  return { url: key, fileType: 'document' as const, contentType: CAPTIONS_MIME };
}
