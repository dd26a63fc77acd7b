import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { fail } from '../../platform/errors';

/** Addresses an import never fetches in production: private, loopback, link-local and the like. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an import may connect to `address`: public ones, and the loopback when allowed. */
export function isFetchableAddress(address: string, allowLoopback: boolean) {
  const family: 'ipv4' | 'ipv6' = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const mapped = family === 'ipv6' && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const [ip, fam] = mapped ? [mapped, 'ipv4' as const] : [address, family];
  if (allowLoopback && LOOPBACK.check(ip, fam)) return true;
  return !PRIVATE.check(ip, fam);
}

/** The address check runs on what the name resolves to at connect time, so a rebinding name cannot slip past. */
const checkedLookup =
  (allowLoopback: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isFetchableAddress(a.address, allowLoopback));
      if (refused || list.length === 0) return callback(fail(400, 'feed_address_refused'), '', 0);
      if ((options as { all?: boolean }).all) return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

export type FetchOptions = {
  allowLoopback: boolean;
  /** the body stops with `tooLarge` past this many bytes */
  maxBytes: number;
  /** no answer (or no bytes) for this long fails the fetch */
  timeoutMs?: number;
  /** the code a refused or failed fetch throws */
  unreachable: string;
  tooLarge: string;
};

export type FetchedBody = {
  stream: Readable & { truncated?: boolean };
  contentType: string | undefined;
  contentLength: number | undefined;
};

const MAX_REDIRECTS = 3;

/**
 * GETs a public http(s) address as a stream: every hop (redirects included) is checked against
 * private addresses, the body is cut at `maxBytes`, and a stalled answer times out.
 */
export async function safeGet(address: string, opts: FetchOptions): Promise<FetchedBody> {
  let url = parseHttpUrl(address);
  for (let hop = 0; ; hop++) {
    const res = await request(url, opts);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location && hop < MAX_REDIRECTS) {
      res.resume();
      url = parseHttpUrl(new URL(res.headers.location, url).toString());
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw fail(400, opts.unreachable);
    }
    const length = Number(res.headers['content-length']);
    if (Number.isFinite(length) && length > opts.maxBytes) {
      res.destroy();
      throw fail(413, opts.tooLarge);
    }
    const limited = byteLimit(opts.maxBytes);
    res.on('error', (err) => limited.destroy(err));
    return {
      stream: res.pipe(limited),
      contentType: res.headers['content-type'],
      contentLength: Number.isFinite(length) ? length : undefined,
    };
  }
}

function parseHttpUrl(address: string) {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw fail(400, 'feed_address_refused');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail(400, 'feed_address_refused');
  return url;
}

function request(url: URL, opts: FetchOptions) {
  // an address given as an IP is connected to without a lookup, so it is checked here
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isFetchableAddress(literal, opts.allowLoopback)) {
    return Promise.reject(fail(400, 'feed_address_refused'));
  }
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    const req = get(url, {
      lookup: checkedLookup(opts.allowLoopback),
      headers: { 'user-agent': 'Tend content import' },
    });
    req.setTimeout(timeoutMs, () => req.destroy(fail(400, opts.unreachable)));
    req.on('response', (res) => {
      res.setTimeout(timeoutMs, () => res.destroy(fail(400, opts.unreachable)));
      resolve(res);
    });
    req.on('error', (err) => reject(err instanceof Error && 'statusCode' in err ? err : fail(400, opts.unreachable)));
  });
}

/**
 * Passes bytes through until `max`, then ends and says `truncated` (as a multipart upload's file
 * stream does at its size limit, which storeMedia checks).
 */
export function byteLimit(max: number) {
  let seen = 0;
  const limited: Transform & { truncated?: boolean } = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (limited.truncated) return done();
      const room = max - seen;
      seen += chunk.length;
      if (chunk.length <= room) return done(null, chunk);
      limited.truncated = true;
      this.push(chunk.subarray(0, room));
      done();
    },
  });
  return limited;
}

/** Reads a fetched body whole (a feed or an image: both small and capped). */
export async function readAll(stream: Readable & { truncated?: boolean }, tooLarge: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.truncated) throw fail(413, tooLarge);
  return Buffer.concat(chunks);
}
