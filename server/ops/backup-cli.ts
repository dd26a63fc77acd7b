/**
 * npm run backup [-- --out PATH]
 * Writes tend-backup-YYYYMMDD-HHMMSS.tar.gz (UTC) into ./backups, or into PATH (a folder, or a
 * file name ending in .tar.gz). Reads DATABASE_URL / DATA_DIR / S3_BUCKET like the server.
 */
import { loadConfig } from '../config';
import { createBackup } from './backup';
import { engineName, exitOnError, formatBytes, plural, UsageError } from './backup-shared';

const USAGE = 'Usage: npm run backup [-- --out PATH]   (PATH: a folder, or a file name ending in .tar.gz)';

function parseArgs(argv: string[]) {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { help: true as const };
    if (arg === '--out' || arg === '-o') {
      out = argv[++i];
      if (!out) throw new UsageError('--out needs a path');
    } else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else throw new UsageError(`Unknown argument ${arg}`);
  }
  // `npm run backup --out x` (without --) hands the flag to npm, which passes it on as npm_config_out
  out ??= process.env.npm_config_out || undefined;
  return { out };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if ('help' in args) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const { file, size, manifest, notes } = await createBackup({ config, out: args.out });
  const { counts, files } = manifest;
  console.log(
    `Backed up the ${engineName(manifest.engine)} database ` +
      `(${plural(counts.users, 'user')}, ${plural(counts.posts, 'post')}, ` +
      `${plural(manifest.migrations.length, 'migration')})` +
      (files.included ? ` and ${plural(files.count, 'uploaded file')} (${formatBytes(files.bytes)})` : '') +
      ` to ${file} (${formatBytes(size)}).`,
  );
  for (const note of notes) console.log(note);
}

main().catch(exitOnError('Backup', USAGE));
