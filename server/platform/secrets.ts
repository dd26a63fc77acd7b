import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** 32 random bytes, base64url: session tokens and reset links cannot be guessed. */
export const randomToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Keyed hash for short codes, so a leaked table cannot be brute-forced offline. */
export const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', secret).update(value).digest('base64url');

export function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Crockford base32 without I, L, O, U: 32 unambiguous symbols, 5 bits each. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomCode(length: number) {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Encrypts a secret Tend must read back later (an authenticator app's TOTP key) with AES-256-GCM
 * under a key derived from the app secret, so a copy of the database alone does not reveal it.
 */
export function sealSecret(appSecret: string, plaintext: string) {
  const key = createHash('sha256').update(`${appSecret}:sealed-secrets`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function openSecret(appSecret: string, sealed: string) {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const key = createHash('sha256').update(`${appSecret}:sealed-secrets`).digest();
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
