import type { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeStream } from 'file-type';
import type { FileType } from '../../../common/content/schemas';

export type Sniffed = { mime: string; ext: string; fileType: FileType };

const DOCUMENTS = new Set([
  'application/pdf',
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
]);

/** File type from the bytes, never from the name or the client's claim. */
export function classify(mime: string | undefined, ext: string | undefined): Sniffed | undefined {
  if (!mime || !ext) return undefined;
  if (mime.startsWith('audio/')) return { mime, ext, fileType: 'audio' };
  if (mime.startsWith('video/')) return { mime, ext, fileType: 'video' };
  if (mime.startsWith('image/')) return { mime, ext, fileType: 'image' };
  if (DOCUMENTS.has(mime)) return { mime, ext, fileType: 'document' };
  return undefined;
}

/** Wraps a stream so its type is known from the first bytes while the rest streams on. */
export async function sniffStream(stream: Readable) {
  // file-type's Node build (the "node" export condition) takes Node streams; TS sees the core typings
  const nodeFileTypeStream = fileTypeStream as unknown as (
    s: Readable,
    o: { sampleSize: number },
  ) => Promise<Readable & { fileType?: { mime: string; ext: string } }>;
  const typed = await nodeFileTypeStream(stream, { sampleSize: 4100 });
  return { stream: typed as Readable, sniffed: classify(typed.fileType?.mime, typed.fileType?.ext) };
}

export async function sniffBuffer(buffer: Uint8Array) {
  const t = await fileTypeFromBuffer(buffer);
  return classify(t?.mime, t?.ext);
}
