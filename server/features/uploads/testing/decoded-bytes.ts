import { vi } from 'vitest';

type ToString = (this: Buffer, encoding?: BufferEncoding, start?: number, end?: number) => string;

/** Tests only: how many bytes `run` turns into strings with Buffer#toString (what the PDF scan pays per byte). */
export async function bytesDecoded(run: () => Promise<unknown>): Promise<number> {
  let bytes = 0;
  const toString = Buffer.prototype.toString as ToString;
  const counted: ToString = function (this: Buffer, encoding, start = 0, end?: number) {
    bytes += Math.max(0, Math.min(end ?? this.length, this.length) - start);
    return toString.call(this, encoding, start, end);
  };
  const spy = vi.spyOn(Buffer.prototype, 'toString').mockImplementation(counted as () => string);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return bytes;
}
