/**
 * npm run restore FILE [-- --force]
 * Restores a backup of `npm run backup` into the configured DATABASE_URL (or PGlite in DATA_DIR)
 * and the storage dir. Refuses a target that is not empty unless --force.
 */
import { loadConfig } from '../config';
import { engineName, exitOnError, plural, UsageError } from './backup-shared';
import { restoreBackup } from './restore';

const USAGE = 'Usage: npm run restore FILE [-- --force]';

function parseArgs(argv: string[]) {
  let file: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true as const };
    if (arg === '--force' || arg === '-f') force = true;
    else if (arg.startsWith('-')) throw new UsageError(`Unknown argument ${arg}`);
    else if (file) throw new UsageError('Give one backup file');
    else file = arg;
  }
  // --force only from the command line: npm_config_force may come from an .npmrc or the environment
  if (!file) throw new UsageError('Which backup? Give its file');
  return { file, force };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if ('help' in args) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const result = await restoreBackup({ config, file: args.file, force: args.force });
  const { manifest, counts } = result;
  const into = result.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `Restored the backup of ${manifest.createdAt} (Tend ${manifest.tendVersion}, ${engineName(manifest.engine)}) ` +
      `into ${into}: ` +
      `${plural(counts.users, 'user')}, ${plural(counts.posts, 'post')}, ${plural(result.files, 'file')}.`,
  );
  for (const path of result.movedAside)
    console.log(`The previous data was moved to ${path} (delete it once you are satisfied).`);
  for (const note of result.notes) console.log(note);
}

main().catch(exitOnError('Restore', USAGE));
