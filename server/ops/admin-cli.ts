/**
 * The only way to make an administrator besides the first-run setup (no API route grants it):
 *   npm run admin -- <email>           promote an existing account
 *   npm run admin -- <email> --revoke  demote it again
 * Uses the same DATABASE_URL / DATA_DIR as the server (stop a PGlite server first).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';

async function main() {
  const args = process.argv.slice(2);
  const revoke = args.includes('--revoke');
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) {
    console.error('Usage: npm run admin -- <email> [--revoke]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const updated = await database.db
      .update(users)
      .set({ isAdmin: !revoke, updatedAt: new Date() })
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .returning({ email: users.email });
    if (updated.length === 0) {
      console.error(`No account with the email ${email}. Register it first, then run this again.`);
      process.exitCode = 1;
    } else {
      console.log(`${updated[0]!.email} is ${revoke ? 'no longer an' : 'now an'} administrator.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
