import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from './harness';

/**
 * A push service on the loopback, for tests: it takes what a server POSTs to a subscription's
 * endpoint and answers 201 Created (or the status a test sets for one endpoint), as the browsers'
 * push services do. It never decrypts anything: the test does, with the keys a browser would hold.
 */
export async function startPushService() {
  const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** a new endpoint on this service */
    endpoint: () => `${origin}/push/${randomBytes(12).toString('base64url')}`,
    /** what the service answers for an endpoint from now on (410 Gone: the subscription expired) */
    answer: (endpoint: string, status: number) => statuses.set(new URL(endpoint).pathname, status),
    to: (endpoint: string) => received.filter((r) => r.path === new URL(endpoint).pathname),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * The keys a browser makes for a push subscription: a P-256 key pair (the public half is the
 * subscription's p256dh, uncompressed, 65 bytes) and a 16-byte auth secret.
 */
export function browserSubscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authSecret: auth.toString('base64url') };
}
export type BrowserKeys = ReturnType<typeof browserSubscriptionKeys>;

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts a push message as the browser does, written from RFC 8291 (Message Encryption for
 * Web Push) and RFC 8188 (the aes128gcm content coding):
 * - the body is a header (salt: 16 bytes, record size: 4, key id length: 1, key id: the
 *   sender's ephemeral P-256 public key) and one record;
 * - the shared secret is ECDH(the browser's private key, the sender's public key);
 * - IKM = HKDF(salt: auth secret, secret, info: "WebPush: info\0" || browser public || sender public, 32);
 * - the content key = HKDF(salt, IKM, "Content-Encoding: aes128gcm\0", 16) and the nonce =
 *   HKDF(salt, IKM, "Content-Encoding: nonce\0", 12);
 * - the record is AES-128-GCM (tag last), and its plaintext ends with the delimiter 0x02 of the
 *   last record followed by any zero padding.
 */
export function decryptPush(body: Buffer, keys: Pick<BrowserKeys, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('a push message is one record');
  const secret = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = hkdf(keys.auth, secret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record must end with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Reads and checks a VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`.
 * The JWT is ES256 (ECDSA P-256 with SHA-256, the signature as r || s); it is verified with the
 * key `k` names. Answers the key and the token's claims.
 */
export function verifyVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    publicKey: k,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { typ: string; alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string },
  };
}

/** A subscription as the browser's PushSubscription.toJSON() gives it, for POST app/push/subscribe. */
export const subscriptionJson = (endpoint: string, keys: Pick<BrowserKeys, 'p256dh' | 'authSecret'>) => ({
  endpoint,
  expirationTime: null,
  keys: { p256dh: keys.p256dh, auth: keys.authSecret },
});

/** A test app that sends its pushes to a push service on the loopback, with that service. */
export async function startPushTestApp(buildOptions: Parameters<typeof startTestApp>[2] = {}) {
  const push = await startPushService();
  const t = await startTestApp({ pushToLoopback: true }, {}, buildOptions);
  const close = async () => {
    await t.close();
    await push.close();
  };
  return { t, push, close };
}

/**
 * Turns push on for a sign-in session as Settings does, with a subscription a browser made: the
 * device's endpoint and keys, the Settings answer, and the pushes it has received, decrypted.
 */
export async function addDevice(
  t: TestApp,
  push: PushService,
  token: string,
  options: { keys?: BrowserKeys; userAgent?: string } = {},
) {
  const keys = options.keys ?? browserSubscriptionKeys();
  const endpoint = push.endpoint();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/push/subscribe',
    headers: { authorization: `Bearer ${token}`, ...(options.userAgent && { 'user-agent': options.userAgent }) },
    payload: subscriptionJson(endpoint, keys),
  });
  if (res.statusCode !== 200) throw new Error(`turning push on answered ${res.statusCode}: ${res.body}`);
  return {
    endpoint,
    keys,
    settings: res.json(),
    received: () => push.to(endpoint).map((r) => JSON.parse(decryptPush(r.body, keys))),
  };
}
