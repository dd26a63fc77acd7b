import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/** A migration file's statements, as drizzle's migrator splits them. */
const statements = (file: string) =>
  readFileSync(join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

describe('the tier prices migration', () => {
  it('gives every subscription tier its one price as the default and points paid subscriptions at it', async () => {
    const db = new PGlite({ extensions: { pg_trgm } });
    const files = readdirSync(migrationsFolder)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const target = files.findIndex((f) => f.endsWith('_tier_prices.sql'));
    for (const file of files.slice(0, target)) for (const s of statements(file)) await db.exec(s);
    await db.exec(`
      insert into users (id, name, username, email, password_hash) values
        ('00000000-0000-4000-8000-000000000001', 'F', 'f', 'f@x.test', 'x'),
        ('00000000-0000-4000-8000-000000000002', 'M', 'm', 'm@x.test', 'x');
      insert into tiers (id, user_id, name, price_cents, type, billing_interval, stripe_price_id) values
        ('10000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'Yearly', 12000,
         'subscription', 'year', 'price_old'),
        ('10000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Course', 5000,
         'single', 'month', null);
      insert into subscriptions (user_id, tier_id, start_date, price_cents, provider, provider_subscription_id) values
        ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000001', '2026-01-01', 12000,
         'stripe', 'sub_1'),
        ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000002', '2026-01-01', 5000,
         'stripe', null);`);
    for (const s of statements(files[target]!)) await db.exec(s);
    const prices = await db.query(
      'select tier_id, interval, amount_cents, is_default, stripe_price_id from tier_prices',
    );
    // the course keeps its one price on the tier
    expect(prices.rows).toEqual([
      {
        tier_id: '10000000-0000-4000-8000-000000000001',
        interval: 'year',
        amount_cents: 12000,
        is_default: true,
        stripe_price_id: 'price_old',
      },
    ]);
    const subs = await db.query<{ tier_id: string; on_price: boolean; billing_interval: string | null }>(
      'select tier_id, tier_price_id is not null as on_price, billing_interval from subscriptions order by tier_id',
    );
    expect(subs.rows).toEqual([
      { tier_id: '10000000-0000-4000-8000-000000000001', on_price: true, billing_interval: 'year' },
      { tier_id: '10000000-0000-4000-8000-000000000002', on_price: false, billing_interval: null },
    ]);
    await db.close();
  });
});
