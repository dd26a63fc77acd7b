import { Readable } from 'node:stream';
import { withoutMediaMetadata } from '../media-metadata';

/** Tests only: runs the stripper over `file` fed in small chunks (boxes, elements and tags split across them). */
export async function stripInChunks(file: Buffer, ext: string, chunkSize: number): Promise<Buffer> {
  const chunks = [];
  for (let at = 0; at < file.length; at += chunkSize) chunks.push(file.subarray(at, at + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of withoutMediaMetadata(Readable.from(chunks), ext)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}
