import type { ImportField, ImportFormat } from '../../../common/member-imports/schemas';

/**
 * The member exports Tend recognises by their header row, and what each of their columns fills.
 * A format is recognised when every one of its `signature` columns is present (case and spacing
 * ignored); any other file is mapped column by column by the facilitator.
 */
type KnownFormat = { format: Exclude<ImportFormat, 'other'>; signature: string[]; fields: Record<string, ImportField> };

const KNOWN: KnownFormat[] = [
  {
    // Patreon: Audience → Export (members CSV)
    format: 'patreon',
    signature: ['name', 'email', 'tier', 'patron status'],
    fields: {
      email: 'email',
      name: 'name',
      tier: 'tier',
      'patron status': 'status',
      'access expiration': 'until',
      'additional details': 'notes',
    },
  },
  {
    // Ghost: Members → Export (the same columns Ghost's own import reads)
    format: 'ghost',
    signature: ['email', 'subscribed_to_emails', 'complimentary_plan', 'stripe_customer_id'],
    fields: {
      email: 'email',
      name: 'name',
      note: 'notes',
      subscribed_to_emails: 'subscribed',
      stripe_customer_id: 'stripeCustomerId',
      tiers: 'tier',
    },
  },
  {
    // Substack: Subscribers → Export
    format: 'substack',
    signature: ['email', 'active_subscription', 'plan', 'email_disabled'],
    fields: { email: 'email', name: 'name', plan: 'tier', expiry: 'until', email_disabled: 'unsubscribed' },
  },
  {
    // Kajabi: Contacts (People) → Export
    format: 'kajabi',
    signature: ['name', 'email', 'products', 'tags'],
    fields: { email: 'email', name: 'name', products: 'tier', subscribed: 'subscribed' },
  },
];

/** Header text compared without case, surrounding spaces or a byte-order mark. */
const normalHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** Guesses for a column of a file no known format matches. */
const GUESSES: Array<[RegExp, ImportField]> = [
  [/^e-?mail( address)?$/, 'email'],
  [/^(full )?name$/, 'name'],
  [/^(tier|plan|membership|level|product)s?$/, 'tier'],
  [/^notes?$/, 'notes'],
  [/^stripe[ _]?customer[ _]?id$/, 'stripeCustomerId'],
];

/** The recognised format of a header row and each column's field (by position). */
export function recognise(headers: readonly string[]): { format: ImportFormat; columns: ImportField[] } {
  const names = headers.map(normalHeader);
  const known = KNOWN.find((f) => f.signature.every((s) => names.includes(s)));
  if (known) {
    const taken = new Set<ImportField>();
    const columns = names.map((name) => {
      const field = known.fields[name];
      // one column per field: a repeated header fills it once
      if (!field || taken.has(field)) return 'ignore' as const;
      taken.add(field);
      return field;
    });
    return { format: known.format, columns };
  }
  const taken = new Set<ImportField>();
  const columns = names.map((name) => {
    const field = GUESSES.find(([pattern]) => pattern.test(name))?.[1];
    if (!field || taken.has(field)) return 'ignore' as const;
    taken.add(field);
    return field;
  });
  return { format: 'other', columns };
}
