import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * The key that hashes codes and signs URLs. APP_SECRET when set (every instance must then be
 * given the same one); otherwise generated once into the database, so every instance on one
 * PostgreSQL agrees: a code mailed by one is accepted by another. A secret an
 * earlier version generated into DATA_DIR/app-secret is adopted, so upgrading changes nothing.
 */
export async function resolveAppSecret(db: Database, opts: { given?: string; dataDir: string }): Promise<string> {
  if (opts.given) return opts.given;
  const legacyFile = opts.dataDir ? join(opts.dataDir, 'app-secret') : '';
  const candidate =
    legacyFile && existsSync(legacyFile)
      ? readFileSync(legacyFile, 'utf8').trim()
      : randomBytes(32).toString('base64url');
  return sharedSecret(db, 'app_secret', candidate);
}

/**
 * The value stored under `name` in server_secrets, stored first (a random one unless given) when
 * there is none: the first instance to insert wins, every other one reads the winner's.
 */
export async function sharedSecret(db: Database, name: string, candidate = randomBytes(32).toString('base64url')) {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}

/** Forgets a shared secret: whatever was derived from it stops working; the next use makes a new one. */
export async function forgetSharedSecret(db: Database, name: string) {
  await db.delete(serverSecrets).where(eq(serverSecrets.name, name));
}
