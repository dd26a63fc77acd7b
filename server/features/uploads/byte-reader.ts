/**
 * Pull-style reading over a byte stream for the metadata strippers: take an exact number of bytes
 * to look at, or let a number of bytes stream through (or be skipped) without holding them.
 */
export class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer | Uint8Array | string>) {
    const iterator = source[Symbol.asyncIterator]();
    this.source = {
      next: async () => {
        const r = await iterator.next();
        return r.done ? r : { done: false, value: asBuffer(r.value) };
      },
    };
  }

  /** Buffers until `n` bytes are held or the stream ends; whether `n` are there. */
  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.ended) {
      const r = await this.source.next();
      if (r.done) this.ended = true;
      else if (r.value.length) {
        this.chunks.push(r.value);
        this.length += r.value.length;
      }
    }
    return this.length >= n;
  }

  /** The next `n` bytes, consumed; undefined (nothing consumed) when fewer are left. */
  async take(n: number): Promise<Buffer | undefined> {
    if (!(await this.fill(n))) return undefined;
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.length -= n;
    return all.subarray(0, n);
  }

  /** The next `n` bytes without consuming them (fewer at the end of the stream); not to be written to. */
  async peek(n: number): Promise<Buffer> {
    await this.fill(n);
    // one chunk is handed out as it is (no copy): a caller peeking often pays for what it looks at
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return (this.chunks[0] ?? Buffer.alloc(0)).subarray(0, n);
  }

  /** Streams up to `n` bytes on as they come (all that is left when `n` is Infinity). */
  async *pass(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.length && !(await this.fill(1))) return;
      const chunk = this.chunks.shift()!;
      this.length -= chunk.length;
      if (chunk.length > left) {
        this.chunks.unshift(chunk.subarray(left));
        this.length += chunk.length - left;
        yield chunk.subarray(0, left);
        return;
      }
      left -= chunk.length;
      yield chunk;
    }
  }

  /**
   * Streams up to `n` bytes on as zeros: as many as the input really holds, so a box that claims
   * gigabytes in a small file cannot make the output larger than the upload.
   */
  async *blank(n: number): AsyncGenerator<Buffer> {
    for await (const chunk of this.pass(n)) yield Buffer.alloc(chunk.length);
  }

  /** Consumes up to `n` bytes without keeping them. */
  async skip(n: number): Promise<void> {
    for await (const _ of this.pass(n)) {
      // dropped
    }
  }
}

/** A chunk as a Buffer without copying it */
function asBuffer(chunk: Buffer | Uint8Array | string): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  return typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}
