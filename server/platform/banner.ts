import type { FastifyInstance } from 'fastify';
import { describeDatabaseUrl } from './database-url';
import { IMAGE_CACHE_PREFIX, uploadsOnDisk } from './storage';

/**
 * What an operator needs to see once the server listens: where it answers and which database,
 * payment, mail and storage modes run, plus a warning for each setting that will surprise them.
 */
export async function startupBanner(app: FastifyInstance, extra: { setupLink?: string | null } = {}) {
  const { config, database, storage, instances, live } = app.ctx;
  const others = await instances.others();
  const stripeMode = config.stripeSecretKey?.startsWith('sk_live_') ? 'live' : 'test';
  const metrics = config.metrics.port
    ? `http://${config.metrics.host}:${config.metrics.port}/metrics`
    : config.metrics.token
      ? '/metrics (Bearer METRICS_TOKEN)'
      : 'off (set METRICS_TOKEN or METRICS_PORT)';
  const rows: [string, string][] = [
    [
      'database',
      database.kind === 'pglite'
        ? `PGlite in ${config.dataDir}/pglite`
        : `PostgreSQL ${describeDatabaseUrl(database.url!)}`,
    ],
    ['payments', paymentsLine(config.paymentsMode, stripeMode, Boolean(config.stripeConnectWebhookSecret))],
    ['mail', config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : 'printed to this console (SMTP_URL unset)'],
    ['storage', storage.kind === 's3' ? `S3 bucket ${config.s3!.bucket}` : `local disk ${config.storageDir}`],
    ['instance', `${live.instanceId.slice(0, 8)} (${others.length + 1} running on this database)`],
    ['metrics', metrics],
  ];
  const warnings: string[] = [];
  if (config.env === 'production' && !config.publicUrlSet) {
    warnings.push(
      `PUBLIC_URL is not set: links in mails point to ${config.publicUrl}. Set it to the address members use.`,
    );
  }
  if (config.env === 'production' && !config.smtpUrl) {
    warnings.push('SMTP_URL is not set: mails (with their codes and links) are printed here instead of sent.');
  }
  if (config.paymentsMode === 'stripe' && !config.stripeConnectWebhookSecret) {
    warnings.push(
      "STRIPE_CONNECT_WEBHOOK_SECRET is not set: facilitators' payout accounts update only when they open Settings. " +
        'Add the Connect webhook endpoint (README, Payments).',
    );
  }
  if (storage.kind === 'local' && others.some((o) => o.storage.startsWith('local:'))) {
    warnings.push(
      `${others.length} other instance(s) run on this database with uploads on local disk: ` +
        `unless ${config.storageDir} ` +
        'is one folder shared by all of them, a file uploaded through one is missing on the others. Set S3_BUCKET.',
    );
  }
  const leftOnDisk = storage.kind === 's3' ? await uploadsOnDisk(config.storageDir) : 0;
  if (leftOnDisk > 0) {
    warnings.push(
      `${leftOnDisk} uploaded file(s) are still on local disk in ${config.storageDir}, but uploads are now read from ` +
        `S3 bucket ${config.s3!.bucket}: any not copied there under the same names answers 404. Copy them with ` +
        `\`aws s3 sync ${config.storageDir}/ s3://${config.s3!.bucket}/ --exclude "${IMAGE_CACHE_PREFIX}*"\`, ` +
        'then move the folder away to silence this warning (docs/operations/storage.md).',
    );
  }
  const lines = [`Tend is running at ${config.publicUrl}`, ...rows.map(([k, v]) => `  ${k.padEnd(9)} ${v}`)];
  if (extra.setupLink) {
    lines.push(
      '',
      'No administrator yet. Create the owner account (this link works until one exists):',
      `  ${extra.setupLink}`,
    );
  }
  return { lines, warnings, fields: Object.fromEntries(rows) };
}

function paymentsLine(mode: 'stripe' | 'test' | 'off', stripeMode: string, connect: boolean) {
  if (mode === 'stripe') return `Stripe (${stripeMode} key${connect ? ', Connect webhook' : ''})`;
  if (mode === 'test') return 'TEST MODE: no real payments (built-in checkout; every page says so)';
  return 'off: paid checkout is refused (set STRIPE_SECRET_KEY, or PAYMENTS_MODE=test to try test mode)';
}
