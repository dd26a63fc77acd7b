import { type SQL, sql } from 'drizzle-orm';

/** Whose data an archive holds: one facilitator's business, or the whole site (admins). */
export type ArchiveScope = { kind: 'business'; facilitatorId: string } | { kind: 'site' };

export type ArchiveColumn = { name: string; about: string; value: SQL };

/**
 * One table of the archive, written as `<name>.csv` and `<name>.jsonl`. Its rows are read a page
 * at a time in the order of `key` (unique, indexed where the table is big), never all at once.
 */
export type ArchiveTable = {
  name: string;
  about: string;
  /** the site archive only */
  siteOnly?: boolean;
  from: SQL;
  key: SQL;
  keyType: 'uuid' | 'text';
  where: (scope: ArchiveScope) => SQL;
  columns: ArchiveColumn[];
};

const col = (name: string, value: SQL, about: string): ArchiveColumn => ({ name, value, about });
const site = (scope: ArchiveScope) => scope.kind === 'site';
const everything = sql`true`;
const ownedBy = (column: SQL) => (scope: ArchiveScope) =>
  site(scope) ? everything : sql`${column} = ${scope.facilitatorId}::uuid`;

/** A member of a business: the facilitator, a subscriber, a group member or someone who booked a session. */
const memberOf = (facilitatorId: string) => sql`(u.id = ${facilitatorId}::uuid
  or exists (select 1 from subscriptions s join tiers t on t.id = s.tier_id where s.user_id = u.id and t.user_id = ${facilitatorId}::uuid)
  or exists (select 1 from memberships m join groups g on g.id = m.group_id where m.user_id = u.id and g.owner_id = ${facilitatorId}::uuid)
  or exists (select 1 from session_bookings b join sessions ss on ss.id = b.session_id where b.member_id = u.id and ss.facilitator_id = ${facilitatorId}::uuid))`;

/** Shown only in the site archive and on the facilitator's own row: members' addresses and provider ids stay private. */
const private_ = (scope: ArchiveScope, value: SQL) =>
  site(scope) ? value : sql`case when u.id = ${scope.facilitatorId}::uuid then ${value} end`;

/** A table's columns in a scope: they differ only in value (never in name), so one README documents both archives. */
export const columnsFor = (table: ArchiveTable, scope: ArchiveScope): ArchiveColumn[] =>
  table.name === 'users' ? usersColumns(scope) : table.columns;

const usersColumns = (scope: ArchiveScope): ArchiveColumn[] => [
  col('id', sql`u.id`, 'the user id (every *_id column naming a person points here)'),
  col('name', sql`u.name`, 'display name'),
  col('username', sql`u.username`, 'username'),
  col('email', private_(scope, sql`u.email`), 'email address (a business archive: the facilitator’s own only)'),
  col('is_facilitator', sql`u.is_facilitator`, 'offers tiers, content and sessions'),
  col('is_admin', sql`u.is_admin`, 'administers the site'),
  col('bio', sql`u.bio`, 'profile text'),
  col('facilitator_category', sql`u.facilitator_category`, 'the category Explore lists a facilitator under'),
  col('profile_picture', sql`u.profile_picture`, 'the profile image’s path on the image host'),
  col('time_zone', sql`u.time_zone`, 'IANA time zone'),
  col(
    'stripe_customer_id',
    private_(scope, sql`u.stripe_customer_id`),
    'Stripe customer (a business archive: the facilitator’s own only)',
  ),
  col('stripe_account_id', private_(scope, sql`u.stripe_account_id`), 'Stripe connected account that receives payouts'),
  col('created_at', sql`u.created_at`, 'when the account was made'),
];

/** Every table, in the order they are written. */
export const ARCHIVE_TABLES: ArchiveTable[] = [
  {
    name: 'users',
    about:
      'People: the whole site, or in a business archive the facilitator and their members (subscribers, group members and people who booked a session). Never password hashes, two-factor keys or tokens.',
    from: sql`users u`,
    key: sql`u.id`,
    keyType: 'uuid',
    where: (scope) => (site(scope) ? everything : memberOf(scope.facilitatorId)),
    columns: usersColumns({ kind: 'site' }),
  },
  {
    name: 'tiers',
    about: 'Tiers: subscription plans and one-off courses.',
    from: sql`tiers t`,
    key: sql`t.id`,
    keyType: 'uuid',
    where: ownedBy(sql`t.user_id`),
    columns: [
      col('id', sql`t.id`, 'tier id'),
      col('facilitator_id', sql`t.user_id`, 'the facilitator (users.id)'),
      col('name', sql`t.name`, 'name'),
      col('description', sql`t.description`, 'description'),
      col('type', sql`t.type`, "'subscription' or 'single' (a course paid once)"),
      col('price_cents', sql`t.price_cents`, 'the default price in US cents'),
      col('billing_interval', sql`t.billing_interval`, "the default price's interval: week, month or year"),
      col('published', sql`t.published`, 'shown to members'),
      col('trial_days', sql`t.trial_days`, 'free days before the first charge'),
      col('session_credits', sql`t.session_credits`, 'sessions a subscriber may book free each period'),
      col('associated_group_id', sql`t.associated_group_id`, 'the group subscribers join (groups.id)'),
      col('release_all_content', sql`t.release_all_content`, 'all content at once instead of one a day'),
      col('content_queue_frequency', sql`t.content_queue_frequency`, 'days between two queued items'),
      col('features', sql`t.features`, 'what the plan includes (a list)'),
      col('stripe_product_id', sql`t.stripe_product_id`, 'Stripe product'),
      col('stripe_price_id', sql`t.stripe_price_id`, 'Stripe price of the default price'),
      col('created_at', sql`t.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'tier_prices',
    about: "A subscription tier's prices, one per billing interval.",
    from: sql`tier_prices p join tiers t on t.id = p.tier_id`,
    key: sql`p.id`,
    keyType: 'uuid',
    where: ownedBy(sql`t.user_id`),
    columns: [
      col('id', sql`p.id`, 'price id'),
      col('tier_id', sql`p.tier_id`, 'tiers.id'),
      col('interval', sql`p.interval`, 'week, month or year'),
      col('amount_cents', sql`p.amount_cents`, 'US cents per interval'),
      col('is_default', sql`p.is_default`, "the tier's default price"),
      col('stripe_price_id', sql`p.stripe_price_id`, 'Stripe price'),
    ],
  },
  {
    name: 'offers',
    about: 'Offers: discount codes and free trials on a tier.',
    from: sql`offers o`,
    key: sql`o.id`,
    keyType: 'uuid',
    where: ownedBy(sql`o.facilitator_id`),
    columns: [
      col('id', sql`o.id`, 'offer id'),
      col('facilitator_id', sql`o.facilitator_id`, 'users.id'),
      col('tier_id', sql`o.tier_id`, 'tiers.id'),
      col('code', sql`o.code`, 'the code members enter'),
      col('kind', sql`o.kind`, 'percent, amount or trial'),
      col('percent_off', sql`o.percent_off`, 'percent off (kind percent)'),
      col('amount_off_cents', sql`o.amount_off_cents`, 'US cents off (kind amount)'),
      col('duration', sql`o.duration`, 'once, repeating or forever'),
      col('duration_months', sql`o.duration_months`, 'months a repeating discount lasts'),
      col('trial_days', sql`o.trial_days`, 'free days (kind trial)'),
      col('ends_at', sql`o.ends_at`, 'when it stops being redeemable'),
      col('redemption_limit', sql`o.redemption_limit`, 'most redemptions allowed'),
      col('redeemed', sql`o.redeemed`, 'redemptions so far'),
      col('archived_at', sql`o.archived_at`, 'when it was archived'),
      col('stripe_coupon_id', sql`o.stripe_coupon_id`, 'Stripe coupon'),
      col('stripe_promotion_code_id', sql`o.stripe_promotion_code_id`, 'Stripe promotion code'),
    ],
  },
  {
    name: 'content',
    about: 'Content items: practices, readings, recordings. Their stored files are under files/ (see files.csv).',
    from: sql`content c`,
    key: sql`c.id`,
    keyType: 'uuid',
    where: ownedBy(sql`c.user_id`),
    columns: [
      col('id', sql`c.id`, 'content id'),
      col('facilitator_id', sql`c.user_id`, 'users.id'),
      col('title', sql`c.title`, 'title'),
      col('description', sql`c.description`, 'description'),
      col(
        'content_type',
        sql`c.content_type`,
        'meditation, breathwork, reading, journal, podcast, workout or informational',
      ),
      col('media', sql`c.media`, 'the media file’s key (files.csv)'),
      col('file_type', sql`c.file_type`, 'audio, video, image or document'),
      col('thumbnail', sql`c.thumbnail`, 'the thumbnail’s path on the image host'),
      col('captions', sql`c.captions`, 'the WebVTT captions file’s key (files.csv)'),
      col('transcript', sql`c.transcript`, 'transcript text'),
      col('alt_text', sql`c.alt_text`, 'alternative text of an image'),
      col('in_post_queue', sql`c.in_post_queue`, 'released by the daily queue'),
      col('posted_date', sql`c.posted_date`, 'when it was posted'),
      col('hit_count', sql`c.hit_count`, 'times opened'),
      col('created_at', sql`c.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'content_tiers',
    about: 'Which tiers each content item belongs to.',
    from: sql`content_tiers ct join tiers t on t.id = ct.tier_id`,
    key: sql`(ct.tier_id::text || ':' || ct.content_id::text)`,
    keyType: 'text',
    where: ownedBy(sql`t.user_id`),
    columns: [
      col('tier_id', sql`ct.tier_id`, 'tiers.id'),
      col('content_id', sql`ct.content_id`, 'content.id'),
      col('hit_count', sql`ct.hit_count`, "times opened by this tier's subscribers"),
    ],
  },
  {
    name: 'queues',
    about:
      "Each tier's release queue in day order: position 1 is released first, then one every content_queue_frequency days.",
    from: sql`tiers t cross join lateral unnest(t.content_queue) with ordinality as q(content_id, position)`,
    key: sql`(t.id::text || ':' || lpad(q.position::text, 6, '0'))`,
    keyType: 'text',
    where: ownedBy(sql`t.user_id`),
    columns: [
      col('tier_id', sql`t.id`, 'tiers.id'),
      col('position', sql`q.position`, 'place in the queue, from 1'),
      col('content_id', sql`q.content_id`, 'content.id'),
    ],
  },
  {
    name: 'subscriptions',
    about: "Members' subscriptions to tiers, with the payment provider's ids, status, price and period.",
    from: sql`subscriptions s join tiers t on t.id = s.tier_id`,
    key: sql`s.id`,
    keyType: 'uuid',
    where: ownedBy(sql`t.user_id`),
    columns: [
      col('id', sql`s.id`, 'subscription id'),
      col('member_id', sql`s.user_id`, 'users.id'),
      col('tier_id', sql`s.tier_id`, 'tiers.id'),
      col('provider', sql`s.provider`, 'free, test, stripe, complimentary or gift'),
      col('provider_subscription_id', sql`s.provider_subscription_id`, "the provider's subscription id (Stripe sub_…)"),
      col('status', sql`s.status`, "the provider's status (active, trialing, past_due, canceled …)"),
      col('price_cents', sql`s.price_cents`, 'US cents per period'),
      col('billing_interval', sql`s.billing_interval`, 'week, month or year (empty: the tier’s default)'),
      col('start_date', sql`s.start_date`, 'day 1 of the drip'),
      col('current_period_end', sql`s.current_period_end`, 'end of the period paid for'),
      col('cancel_at_period_end', sql`s.cancel_at_period_end`, 'ends at the period end'),
      col('cancelled', sql`s.cancelled`, 'ended'),
      col('end_date', sql`s.end_date`, 'when it ended'),
      col('trial_started_at', sql`s.trial_started_at`, 'trial start'),
      col('trial_converted_at', sql`s.trial_converted_at`, 'when the trial turned paid'),
      col('created_at', sql`s.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'groups',
    about: 'Community groups.',
    from: sql`groups g`,
    key: sql`g.id`,
    keyType: 'uuid',
    where: ownedBy(sql`g.owner_id`),
    columns: [
      col('id', sql`g.id`, 'group id'),
      col('owner_id', sql`g.owner_id`, 'users.id'),
      col('name', sql`g.name`, 'name'),
      col('description', sql`g.description`, 'description'),
      col('category', sql`g.category`, 'category'),
      col('cover_photo', sql`g.cover_photo`, 'cover image path on the image host'),
      col('is_private', sql`g.is_private`, 'joining needs approval'),
      col('is_hidden', sql`g.is_hidden`, 'not listed'),
      col('allow_anonymous', sql`g.allow_anonymous`, 'members may post anonymously'),
      col('member_cap', sql`g.member_cap`, 'most members allowed'),
      col('created_at', sql`g.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'memberships',
    about: 'Group memberships and requests.',
    from: sql`memberships m join groups g on g.id = m.group_id`,
    key: sql`m.id`,
    keyType: 'uuid',
    where: ownedBy(sql`g.owner_id`),
    columns: [
      col('id', sql`m.id`, 'membership id'),
      col('group_id', sql`m.group_id`, 'groups.id'),
      col('member_id', sql`m.user_id`, 'users.id'),
      col('status', sql`m.status`, 'pending, approved or rejected'),
      col('request_text', sql`m.request_text`, 'what the member wrote when asking to join'),
      col('granted_by_tier_id', sql`m.granted_by_tier_id`, 'the tier whose subscription granted it'),
      col('created_at', sql`m.created_at`, 'when it was asked for'),
    ],
  },
  {
    name: 'posts',
    about:
      "Posts in the business's groups (the site archive: every post, the inspiration feed too). An anonymous post's author is left out.",
    from: sql`posts p left join groups g on g.id = p.group_id left join users a on a.id = p.user_id`,
    key: sql`p.id`,
    keyType: 'uuid',
    where: ownedBy(sql`g.owner_id`),
    columns: [
      col('id', sql`p.id`, 'post id'),
      col('group_id', sql`p.group_id`, 'groups.id (empty: the inspiration feed)'),
      col('author_id', sql`case when p.anonymous then null else p.user_id end`, 'users.id (empty when anonymous)'),
      col(
        'author_name',
        sql`case when p.anonymous then null else a.name end`,
        "the author's name (empty when anonymous)",
      ),
      col('anonymous', sql`p.anonymous`, 'posted anonymously'),
      col('text', sql`p.text`, 'text (Markdown)'),
      col('media', sql`p.media`, 'attached media key'),
      col('photos', sql`p.photos`, 'photo paths on the image host (a list)'),
      col('heart_count', sql`p.heart_count`, 'hearts'),
      col('comment_count', sql`p.comment_count`, 'comments'),
      col('hits', sql`p.hits`, 'views'),
      col('created_at', sql`p.created_at`, 'when it was posted'),
      col('edited_at', sql`p.edited_at`, 'when it was last edited'),
    ],
  },
  {
    name: 'comments',
    about: 'Comments on those posts.',
    from: sql`comments c join posts p on p.id = c.post_id left join groups g on g.id = p.group_id left join users a on a.id = c.user_id`,
    key: sql`c.id`,
    keyType: 'uuid',
    where: ownedBy(sql`g.owner_id`),
    columns: [
      col('id', sql`c.id`, 'comment id'),
      col('post_id', sql`c.post_id`, 'posts.id'),
      col('parent_id', sql`c.parent_id`, 'the comment it answers'),
      col('author_id', sql`c.user_id`, 'users.id'),
      col('author_name', sql`a.name`, "the author's name"),
      col('text', sql`c.text`, 'text'),
      col('created_at', sql`c.created_at`, 'when it was written'),
      col('edited_at', sql`c.edited_at`, 'when it was last edited'),
    ],
  },
  {
    name: 'sessions',
    about: 'Live sessions offered.',
    from: sql`sessions s`,
    key: sql`s.id`,
    keyType: 'uuid',
    where: ownedBy(sql`s.facilitator_id`),
    columns: [
      col('id', sql`s.id`, 'session id'),
      col('facilitator_id', sql`s.facilitator_id`, 'users.id'),
      col('name', sql`s.name`, 'name'),
      col('description', sql`s.description`, 'description'),
      col('price_cents', sql`s.price_cents`, 'US cents (0: free)'),
      col('start_time', sql`s.start_time`, 'start'),
      col('end_time', sql`s.end_time`, 'end'),
      col('meeting_url', sql`s.meeting_url`, 'where it takes place'),
      col('capacity', sql`s.capacity`, 'places'),
      col('cancellation_hours', sql`s.cancellation_hours`, 'hours before the start a cancellation is refunded'),
      col('series_id', sql`s.series_id`, 'the recurring series it belongs to'),
      col('created_at', sql`s.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'bookings',
    about: 'Bookings of those sessions.',
    from: sql`session_bookings b join sessions s on s.id = b.session_id`,
    key: sql`b.id`,
    keyType: 'uuid',
    where: ownedBy(sql`s.facilitator_id`),
    columns: [
      col('id', sql`b.id`, 'booking id'),
      col('session_id', sql`b.session_id`, 'sessions.id'),
      col('member_id', sql`b.member_id`, 'users.id'),
      col('status', sql`b.status`, 'held, booked or cancelled'),
      col('payment_id', sql`b.payment_id`, "the provider's payment"),
      col('booked_at', sql`b.booked_at`, 'when it was booked'),
      col('cancelled_at', sql`b.cancelled_at`, 'when it was cancelled'),
      col('refunded', sql`b.refunded`, 'refunded'),
      col('attended', sql`b.attended`, 'attended (empty: not recorded)'),
      col('rating', sql`b.rating`, "the member's rating, 1 to 5"),
      col('rating_comment', sql`b.rating_comment`, "the member's feedback"),
    ],
  },
  {
    name: 'revenue',
    about:
      'Revenue as Tend records it: payments (renewals included), refunds and lost disputes (negative amounts), with the provider references.',
    from: sql`revenue_entries r`,
    key: sql`r.id`,
    keyType: 'uuid',
    where: ownedBy(sql`r.facilitator_id`),
    columns: [
      col('id', sql`r.id`, 'entry id'),
      col('facilitator_id', sql`r.facilitator_id`, 'users.id'),
      col('occurred_at', sql`r.occurred_at`, 'when it happened'),
      col('kind', sql`r.kind`, 'payment, refund or dispute'),
      col('tier_id', sql`r.tier_id`, 'tiers.id'),
      col('tier_name', sql`r.tier_name`, "the tier's name at the time"),
      col('member_id', sql`r.member_id`, 'users.id of who paid'),
      col('amount_cents', sql`r.amount_cents`, 'US cents (negative: money going back)'),
      col('fee_cents', sql`r.fee_cents`, "Tend's platform fee in US cents"),
      col('dispute_status', sql`r.dispute_status`, 'open, won or lost'),
      col('source_id', sql`r.source_id`, "the provider's invoice or checkout session"),
      col('payment_ref', sql`r.payment_ref`, "the provider's payment intent"),
      col('offer_code', sql`r.offer_code`, 'the offer code used'),
      col('discount_cents', sql`r.discount_cents`, 'US cents the offer took off'),
    ],
  },
  {
    name: 'payouts',
    about:
      "Payouts Tend stores (test mode's); with Stripe, payouts are Stripe's own records and are listed in the Stripe dashboard.",
    from: sql`test_provider_payouts po left join users u on u.stripe_account_id = po.account_id`,
    key: sql`po.id`,
    keyType: 'text',
    where: ownedBy(sql`u.id`),
    columns: [
      col('id', sql`po.id`, 'payout id'),
      col('account_id', sql`po.account_id`, 'the connected account paid'),
      col('amount_cents', sql`po.amount_cents`, 'US cents'),
      col('status', sql`po.status`, 'pending, in_transit, paid or failed'),
      col('arrival_date', sql`to_timestamp(po.arrival_date)`, 'when it arrives'),
      col('created_at', sql`po.created_at`, 'when it was made'),
    ],
  },
  {
    name: 'site_settings',
    about: "The site's brand and pages (the site archive only).",
    siteOnly: true,
    from: sql`site_settings ss`,
    key: sql`ss.id::text`,
    keyType: 'text',
    where: () => everything,
    columns: [
      col('site_name', sql`ss.site_name`, 'name'),
      col('logo_url', sql`ss.logo_url`, 'logo'),
      col('accent_color', sql`ss.accent_color`, 'accent colour'),
      col('sender_name', sql`ss.sender_name`, 'mail sender name'),
      col('sender_address', sql`ss.sender_address`, 'mail sender address'),
      col('terms_markdown', sql`ss.terms_markdown`, 'Terms page'),
      col('privacy_markdown', sql`ss.privacy_markdown`, 'Privacy page'),
      col('contact_markdown', sql`ss.contact_markdown`, 'Contact page'),
      col(
        'members_may_become_facilitators',
        sql`ss.members_may_become_facilitators`,
        'members may become facilitators',
      ),
    ],
  },
  {
    name: 'files',
    about:
      'Stored files copied into files/: uploaded media (audio, video, documents, captions) and images on the built-in image host. A business archive holds the files the facilitator uploaded.',
    from: sql`(select 'media/' || m.key as storage_key, m.owner_id, m.content_type, m.file_type, m.size, m.original_name, m.created_at from media_files m
      union all select 'images/' || i.path, i.owner_id, i.content_type, 'image', i.size, null, i.created_at from images i) f`,
    key: sql`f.storage_key`,
    keyType: 'text',
    where: ownedBy(sql`f.owner_id`),
    columns: [
      col('archive_path', sql`'files/' || f.storage_key`, 'where the file is in this archive'),
      col(
        'key',
        sql`f.storage_key`,
        'its storage key (content.media and captions name it without media/, image paths without images/)',
      ),
      col('owner_id', sql`f.owner_id`, 'users.id of who uploaded it'),
      col('content_type', sql`f.content_type`, 'MIME type'),
      col('file_type', sql`f.file_type`, 'audio, video, image or document'),
      col('size', sql`f.size`, 'bytes'),
      col('original_name', sql`f.original_name`, 'the name it was uploaded under'),
      col('created_at', sql`f.created_at`, 'when it was uploaded'),
    ],
  },
];
