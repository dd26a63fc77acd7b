import type { ByteReader } from './byte-reader';

const METADATA_BOXES = new Set(['udta', 'meta']);
/** boxes that hold boxes, where metadata boxes may sit */
const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia', 'minf', 'moof', 'traf', 'edts']);
/** the `uuid` box type of XMP in ISO BMFF */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
/** deeper nesting than any real file has: a hostile file cannot pile up generators */
const MAX_DEPTH = 12;

/**
 * MP4, M4A, MOV (ISO BMFF): every `udta` and `meta` box and XMP `uuid` box becomes a zero-filled
 * `free` box of the same size, wherever it sits among the containers (moov, trak, moof...). The
 * containers are walked as they stream, never read whole, so a moov of any size is covered and
 * no box size or chunk offset (stco/co64) changes.
 */
export async function* isoBmff(reader: ByteReader): AsyncGenerator<Buffer> {
  yield* boxes(reader, Number.POSITIVE_INFINITY, 0);
}

/** The boxes among the next `limit` bytes (Infinity: the rest of the file), metadata blanked. */
async function* boxes(reader: ByteReader, limit: number, depth: number): AsyncGenerator<Buffer> {
  let left = limit;
  while (left >= 8) {
    const head = await reader.take(8);
    if (!head) break;
    left -= 8;
    let header = head;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (size === 1) {
      const large = left >= 8 ? await reader.take(8) : undefined;
      if (!large) {
        yield head;
        break;
      }
      left -= 8;
      header = Buffer.concat([head, large]);
      size = Number(large.readBigUInt64BE(0));
    }
    // 0: the box runs to the end of its parent (of the file at the top)
    const body = size === 0 ? left : size - header.length;
    if (body < 0 || body > left) {
      // not a box we understand, or larger than its parent: the rest of the parent stays as it is
      yield header;
      break;
    }
    left = size === 0 ? 0 : left - body;
    if (METADATA_BOXES.has(type) || (type === 'uuid' && isXmp(await reader.peek(16)))) {
      yield asFree(header);
      yield* reader.blank(body);
    } else if (CONTAINER_BOXES.has(type) && depth < MAX_DEPTH) {
      yield header;
      yield* boxes(reader, body, depth + 1);
    } else {
      yield header;
      yield* reader.pass(body);
    }
  }
  yield* reader.pass(left);
}

const isXmp = (start: Buffer) => start.length >= 16 && start.subarray(0, 16).equals(XMP_UUID);

function asFree(header: Buffer): Buffer {
  const free = Buffer.from(header);
  free.write('free', 4, 'latin1');
  return free;
}
