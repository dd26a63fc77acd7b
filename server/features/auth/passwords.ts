import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// OWASP's first choice for passwords: argon2id, m = 19 MiB, t = 2, p = 1.
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifies against a throwaway hash so an unknown email costs as much time as a known one. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummyHash ??= hashPassword('not-a-real-password-tend');
  await verifyPassword(await dummyHash, password);
}

let common: Set<string> | undefined;
/** ASVS 6.2.4: refuse the 10,000 most common passwords (SecLists list, MIT, shipped in the repo). */
export function isCommonPassword(password: string) {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}
