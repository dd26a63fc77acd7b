import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { couponDiscountCents } from '../../common/offers/terms';

type Json = Record<string, unknown>;
export type RecordedRequest = {
  method: string;
  path: string;
  body: URLSearchParams;
  headers: IncomingMessage['headers'];
};

/**
 * A local stand-in for the parts of Stripe's API Tend calls, answering in the shapes of the
 * pinned API version (`Stripe.API_VERSION`): an invoice's subscription under
 * `parent.subscription_details`, a subscription's period on its items, invoice payments as their
 * own list. It honours Idempotency-Key as Stripe does (the first answer is replayed; 409 while
 * the first is still in flight) and records every request for the tests to inspect.
 */
export function stripeStandIn() {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, Json>();
  /** the connected account each subscription lives on (absent: the platform's own) */
  const subscriptionAccounts = new Map<string, string>();
  /** connected accounts' customers and products, by id */
  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const checkouts = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const invoicePayments = new Map<string, string>();
  const coupons = new Map<string, Json>();
  const promotionCodes = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  /** per connected account: its balance and balance transactions (newest first), in cents */
  const balances = new Map<
    string,
    { available: number; pending: number; transactions: { id: string; type: string; amount: number; fee: number }[] }
  >();
  const idempotent = new Map<string, { status: number; json: unknown } | 'in-flight'>();
  let n = 0;
  /** while set, every request is answered with this status, as Stripe in an outage would */
  let outage: number | null = null;
  const next = (prefix: string) => `${prefix}_${String(++n).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const metadataOf = (body: URLSearchParams) =>
    Object.fromEntries(
      [...body.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
  /** What a coupon takes off an amount, as Stripe computes it. */
  const couponDiscount = (coupon: Json, amount: number) =>
    couponDiscountCents(
      coupon.percent_off != null ? Number(coupon.percent_off) : null,
      coupon.amount_off != null ? Number(coupon.amount_off) : null,
      amount,
    );

  /**
   * A subscription's `discounts` as Stripe answers them: their ids, or the Discount objects with
   * `expand[]=discounts`, and their coupons too with `expand[]=discounts.source.coupon`.
   */
  const withDiscounts = (found: Json, params: URLSearchParams) => {
    const expand = [...params.entries()].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);
    const held = (found.discounts as Json[] | undefined) ?? [];
    const discounts = held.map((d) => {
      if (expand.includes('discounts.source.coupon'))
        return { ...d, source: { type: 'coupon', coupon: coupons.get((d.source as Json).coupon as string) } };
      return expand.includes('discounts') ? d : d.id;
    });
    return { ...found, discounts };
  };

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const notFound = (what: string) => ({
    status: 404,
    json: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });

  async function answer(
    method: string,
    path: string,
    body: URLSearchParams,
    query: URLSearchParams,
    onAccount?: string,
  ): Promise<{ status: number; json: unknown }> {
    const ok = (json: unknown) => ({ status: 200, json });
    if (path === '/v1/balance') {
      const b = balances.get(onAccount ?? '') ?? { available: 0, pending: 0, transactions: [] };
      const funds = (amount: number) => [{ amount, currency: 'usd', source_types: { card: amount } }];
      return ok({
        object: 'balance',
        available: funds(b.available),
        pending: funds(b.pending),
        livemode: false,
      });
    }
    if (path === '/v1/balance_transactions') {
      const all = balances.get(onAccount ?? '')?.transactions ?? [];
      const limit = Number(query.get('limit') ?? 10);
      const after = query.get('starting_after');
      const from = after ? all.findIndex((t) => t.id === after) + 1 : 0;
      const data = all.slice(from, from + limit).map((t) => ({
        object: 'balance_transaction',
        available_on: now(),
        created: now(),
        currency: 'usd',
        description: null,
        exchange_rate: null,
        fee_details: t.fee
          ? [{ amount: t.fee, currency: 'usd', description: 'Stripe processing fees', type: 'stripe_fee' }]
          : [],
        net: t.amount - t.fee,
        reporting_category: t.type === 'payout' ? 'payout' : 'charge',
        source: null,
        status: 'available',
        ...t,
      }));
      return ok({ object: 'list', has_more: from + limit < all.length, url: path, data });
    }
    if (path === '/v1/customers') return ok({ id: next('cus'), object: 'customer' });
    if (path === '/v1/products') {
      await new Promise((r) => setTimeout(r, 15)); // long enough for concurrent requests to overlap
      return ok({ id: next('prod'), object: 'product', name: body.get('name') });
    }
    if (path === '/v1/coupons' && method === 'POST') {
      await new Promise((r) => setTimeout(r, 15));
      const amountOff = body.get('amount_off');
      const coupon = {
        id: next('coupon'),
        object: 'coupon',
        amount_off: amountOff ? Number(amountOff) : null,
        created: now(),
        currency: body.get('currency'),
        duration: body.get('duration'),
        duration_in_months: body.get('duration_in_months') ? Number(body.get('duration_in_months')) : null,
        livemode: false,
        max_redemptions: null,
        metadata: metadataOf(body),
        name: null,
        percent_off: body.get('percent_off') ? Number(body.get('percent_off')) : null,
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      };
      coupons.set(coupon.id, coupon);
      return ok(coupon);
    }
    if (path === '/v1/promotion_codes' && method === 'POST') {
      const couponId = body.get('promotion[coupon]') ?? '';
      if (body.get('promotion[type]') !== 'coupon' || !coupons.has(couponId)) return notFound('coupon');
      const code = {
        id: next('promo'),
        object: 'promotion_code',
        active: true,
        code: body.get('code') ?? `TEND${n}`,
        created: now(),
        customer: null,
        customer_account: null,
        expires_at: null,
        livemode: false,
        max_redemptions: null,
        metadata: metadataOf(body),
        promotion: { type: 'coupon', coupon: couponId },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        times_redeemed: 0,
      };
      promotionCodes.set(code.id, code);
      return ok(code);
    }
    // promotion_codes/{id} with active=false: an inactive code is refused by later sessions
    const promo = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path);
    if (promo && method === 'POST') {
      const found = promotionCodes.get(promo[1]!);
      if (!found) return notFound('promotion_code');
      if (body.get('active') === 'false') found.active = false;
      return ok(found);
    }
    if (path === '/v1/prices') {
      await new Promise((r) => setTimeout(r, 15));
      const interval = body.get('recurring[interval]');
      const price = {
        id: next('price'),
        object: 'price',
        active: true,
        currency: body.get('currency') ?? 'usd',
        product: body.get('product'),
        type: interval ? 'recurring' : 'one_time',
        unit_amount: Number(body.get('unit_amount')),
        recurring: interval ? { interval, interval_count: 1, usage_type: 'licensed' } : null,
      };
      prices.set(price.id, price);
      return ok(price);
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      const id = next('cs_test');
      const promotionCodeId = body.get('discounts[0][promotion_code]');
      const promotion = promotionCodeId ? promotionCodes.get(promotionCodeId) : undefined;
      if (promotionCodeId && !promotion) return notFound('promotion_code');
      if (promotion && promotion.active === false)
        return {
          status: 400,
          json: { error: { type: 'invalid_request_error', message: 'This promotion code is inactive.' } },
        };
      // a session's discount is a promotion code, or a coupon given directly
      const directCoupon = body.get('discounts[0][coupon]');
      if (directCoupon && !coupons.has(directCoupon)) return notFound('coupon');
      const couponId = directCoupon ?? (promotion?.promotion as { coupon: string } | undefined)?.coupon;
      // a one-off amount priced inline (line_items[0][price_data]) totals to it, a Price to its unit amount
      const inline = body.get('line_items[0][price_data][unit_amount]');
      const subtotal =
        inline !== null ? Number(inline) : Number(prices.get(body.get('line_items[0][price]') ?? '')?.unit_amount ?? 0);
      const discount = couponId ? couponDiscount(coupons.get(couponId)!, subtotal) : 0;
      const session = {
        discounts: directCoupon
          ? [{ coupon: directCoupon, promotion_code: null }]
          : promotion
            ? [{ coupon: null, promotion_code: promotionCodeId }]
            : [],
        amount_subtotal: subtotal,
        amount_total: subtotal - discount,
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
        id,
        object: 'checkout.session',
        mode: body.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/${id}`,
        expires_at: Number(body.get('expires_at') ?? now() + 86400),
        currency: 'usd',
        metadata: metadataOf(body),
      };
      checkouts.set(id, session);
      return ok(session);
    }
    const checkout = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (checkout) {
      const found = checkouts.get(checkout[1]!);
      if (!found) return notFound('checkout.session');
      if (checkout[2]) {
        if (found.status !== 'open')
          return {
            status: 400,
            json: { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } },
          };
        found.status = 'expired';
      }
      return ok(found);
    }
    if (path === '/v1/billing_portal/sessions')
      return ok({ id: next('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/p/1' });
    if (path === '/v1/accounts' && method === 'POST') {
      const account = {
        id: next('acct'),
        object: 'account',
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { currently_due: ['external_account'] },
      };
      accounts.set(account.id, account);
      return ok(account);
    }
    const account = /^\/v1\/accounts\/([^/]+)(\/login_links)?$/.exec(path);
    if (account) {
      if (account[2]) return ok({ object: 'login_link', url: 'https://connect.stripe.test/express/1' });
      return accounts.has(account[1]!) ? ok(accounts.get(account[1]!)) : notFound('account');
    }
    if (path === '/v1/account_links')
      return ok({ object: 'account_link', url: `https://connect.stripe.test/setup/${++n}`, expires_at: now() + 300 });
    // a connected account's subscriptions, as Stripe lists them: not canceled unless asked, oldest
    // page first by `starting_after`, the customer expanded on `expand[]=data.customer`
    if (path === '/v1/subscriptions' && method === 'GET') {
      const expand = [...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const status = query.get('status');
      const customer = query.get('customer');
      const all = [...subscriptions.values()].filter(
        (x) =>
          subscriptionAccounts.get(String(x.id)) === onAccount &&
          (customer ? x.customer === customer : true) &&
          (status === 'all' ? true : status ? x.status === status : x.status !== 'canceled'),
      );
      const limit = Number(query.get('limit') ?? 10);
      const after = query.get('starting_after');
      const from = after ? all.findIndex((x) => x.id === after) + 1 : 0;
      const data = all
        .slice(from, from + limit)
        .map((x) =>
          expand.includes('data.customer') && typeof x.customer === 'string'
            ? { ...x, customer: customers.get(x.customer) ?? x.customer }
            : x,
        );
      return ok({ object: 'list', has_more: from + limit < all.length, url: path, data });
    }
    const product = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (product && method === 'GET')
      return products.has(product[1]!) ? ok(products.get(product[1]!)) : notFound('product');
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const found = subscriptions.get(sub[1]!);
      // an object of a connected account is found only with its Stripe-Account header, as at Stripe
      if (!found || subscriptionAccounts.get(sub[1]!) !== onAccount) return notFound('subscription');
      if (method === 'DELETE') found.status = 'canceled';
      if (method === 'POST' && body.get('cancel_at_period_end'))
        found.cancel_at_period_end = body.get('cancel_at_period_end') === 'true';
      // trial_end=now ends the trial: the subscription is active and its first period starts now
      if (method === 'POST' && body.get('trial_end') === 'now' && found.status === 'trialing') {
        const start = now();
        found.status = 'active';
        found.trial_end = start;
        const items = (found.items as { data: Json[] } | undefined)?.data ?? [];
        found.items = {
          object: 'list',
          data: (items.length > 0 ? items : [{ id: `si_${found.id}`, object: 'subscription_item' }]).map((item) => ({
            ...item,
            current_period_start: start,
            current_period_end: start + 30 * 86400,
          })),
        };
      }
      // items[0][id] and items[0][price]: the item moves to the new price; a new interval starts
      // the period again now (Stripe resets the billing cycle anchor and invoices at once)
      if (method === 'POST' && body.get('items[0][price]')) {
        const items = found.items as { data: Json[] };
        const item = items.data.find((i) => i.id === body.get('items[0][id]'));
        const price = prices.get(body.get('items[0][price]')!);
        if (!item || !price)
          return {
            status: 400,
            json: { error: { type: 'invalid_request_error', message: 'No such subscription item or price' } },
          };
        const before = (item.price as { recurring?: { interval?: string } } | undefined)?.recurring?.interval;
        const after = (price.recurring as { interval: string }).interval;
        item.price = price;
        if (before !== after) {
          item.current_period_start = now();
          item.current_period_end =
            now() + ({ week: 7, month: 30, year: 365 } as Record<string, number>)[after]! * 86400;
        }
      }
      return ok(withDiscounts(found, method === 'GET' ? query : body));
    }
    if (path === '/v1/invoice_payments') {
      const pi = invoicePayments.get(query.get('invoice') ?? '');
      return ok({
        object: 'list',
        has_more: false,
        url: path,
        data: pi
          ? [
              {
                id: next('inpay'),
                object: 'invoice_payment',
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: pi },
              },
            ]
          : [],
      });
    }
    const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (pi) return ok(paymentIntents.get(pi[1]!) ?? { id: pi[1], object: 'payment_intent', transfer_data: null });
    if (path === '/v1/refunds')
      return ok({
        id: next('re'),
        object: 'refund',
        payment_intent: body.get('payment_intent'),
        amount: Number(body.get('amount') ?? 0),
        status: 'succeeded',
      });
    if (path === '/v1/payouts')
      return ok({
        object: 'list',
        has_more: false,
        url: path,
        data: [{ id: 'po_1', object: 'payout', amount: 4200, arrival_date: now() - 86400, status: 'paid' }],
      });
    return { status: 404, json: { error: { type: 'invalid_request_error', message: `unknown ${method} ${path}` } } };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = new URLSearchParams(await read(req));
    requests.push({ method: req.method!, path: url.pathname, body, headers: req.headers });
    const send = ({ status, json }: { status: number; json: unknown }) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(json));
    };
    if (outage !== null)
      return send({ status: outage, json: { error: { type: 'api_error', message: 'Stripe is having a bad day' } } });
    const key = req.headers['idempotency-key'] as string | undefined;
    // the SDK sends a key on every POST (its retries reuse it); Tend's own keys name what they create
    if (key?.startsWith('tend-')) {
      const seen = idempotent.get(key);
      if (seen === 'in-flight')
        return send({
          status: 409,
          json: {
            error: {
              type: 'idempotency_error',
              message: 'There is currently another in-progress request using this Stripe token',
            },
          },
        });
      if (seen) return send(seen);
      idempotent.set(key, 'in-flight');
      const result = await answer(
        req.method!,
        url.pathname,
        body,
        url.searchParams,
        req.headers['stripe-account'] as string | undefined,
      );
      idempotent.set(key, result);
      return send(result);
    }
    send(
      await answer(
        req.method!,
        url.pathname,
        body,
        url.searchParams,
        req.headers['stripe-account'] as string | undefined,
      ),
    );
  });

  return {
    server,
    requests,
    /** Requests to one path (and method), in order. */
    calls: (path: string | RegExp, method = 'POST') =>
      requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    /** A subscription as Stripe holds it now (what `subscriptions.retrieve` answers). */
    setSubscription(
      id: string,
      status: Stripe.Subscription.Status,
      metadata: Record<string, string>,
      opts: {
        cancelAtPeriodEnd?: boolean;
        periodDays?: number;
        /** the Price its item bills (made with `addPrice` or by a checkout's `prices.create`) */
        priceId?: string;
        /** coupons applied to it (a repeating one's discount ends at `end`, unix seconds) */
        discounts?: { couponId: string; end?: number | null }[];
      } = {},
    ) {
      const end = now() + (opts.periodDays ?? 30) * 86400;
      const price = opts.priceId ? prices.get(opts.priceId) : undefined;
      subscriptions.set(id, {
        id,
        object: 'subscription',
        status,
        cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
        // a trialing subscription's trial runs to the end of its first period
        trial_start: status === 'trialing' ? now() : null,
        trial_end: status === 'trialing' ? end : null,
        metadata,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              current_period_start: now(),
              current_period_end: end,
              ...(price ? { price } : {}),
            },
          ],
        },
        discounts: (opts.discounts ?? []).map((d, i) => ({
          id: `di_${id}_${i}`,
          object: 'discount',
          checkout_session: null,
          customer: null,
          end: d.end ?? null,
          invoice: null,
          invoice_item: null,
          promotion_code: null,
          source: { type: 'coupon', coupon: d.couponId },
          start: now(),
          subscription: id,
          subscription_item: null,
        })),
      });
    },
    subscription: (id: string) => subscriptions.get(id),
    /**
     * A subscription that already runs on a connected account (made there before Tend): its
     * customer (email, name), its Price and that Price's Product, as Stripe holds them.
     */
    setAccountSubscription(
      accountId: string,
      id: string,
      opts: {
        customer: { id: string; email: string | null; name: string | null };
        price: { id: string; amount: number; interval: 'week' | 'month' | 'year'; productName: string };
        status?: Stripe.Subscription.Status;
        periodDays?: number;
        cancelAtPeriodEnd?: boolean;
      },
    ) {
      const start = now();
      const end = start + (opts.periodDays ?? 30) * 86400;
      const productId = `prod_${opts.price.id}`;
      products.set(productId, { id: productId, object: 'product', active: true, name: opts.price.productName });
      customers.set(opts.customer.id, {
        id: opts.customer.id,
        object: 'customer',
        email: opts.customer.email,
        name: opts.customer.name,
      });
      const price = {
        id: opts.price.id,
        object: 'price',
        active: true,
        currency: 'usd',
        product: productId,
        type: 'recurring',
        unit_amount: opts.price.amount,
        recurring: { interval: opts.price.interval, interval_count: 1, usage_type: 'licensed' },
      };
      subscriptions.set(id, {
        id,
        object: 'subscription',
        customer: opts.customer.id,
        status: opts.status ?? 'active',
        cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
        trial_start: null,
        trial_end: null,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              current_period_start: start,
              current_period_end: end,
              price,
            },
          ],
        },
      });
      subscriptionAccounts.set(id, accountId);
    },
    /** The subscription's next period, as a renewal moves it (the end `days` further on). */
    renewSubscription(id: string, days = 30) {
      const item = (subscriptions.get(id)?.items as { data: Json[] }).data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = Number(item.current_period_end) + days * 86400;
    },
    /** A checkout session as Stripe holds it now (its discounts and totals). */
    checkout: (id: string) => checkouts.get(id),
    coupon: (id: string) => coupons.get(id),
    promotionCode: (id: string) => promotionCodes.get(id),
    /**
     * A paid invoice of a subscription as Stripe sends it in `invoice.paid`: its subscription
     * under `parent.subscription_details`, and a coupon's part in `discounts` and
     * `total_discount_amounts` (the discount object's id, Stripe's `di_…`).
     */
    invoice(id: string, subscriptionId: string, subtotal: number, couponId?: string) {
      const discount = couponId ? couponDiscount(coupons.get(couponId)!, subtotal) : 0;
      const discountId = couponId ? `di_${id}` : null;
      return {
        id,
        object: 'invoice',
        amount_due: subtotal - discount,
        amount_paid: subtotal - discount,
        created: now(),
        currency: 'usd',
        discounts: discountId ? [discountId] : [],
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: subscriptionId },
        },
        status: 'paid',
        subtotal,
        total: subtotal - discount,
        total_discount_amounts: discountId ? [{ amount: discount, discount: discountId }] : [],
      };
    },
    /** The Prices created so far (what `prices.create` answered), by id. */
    price: (id: string) => prices.get(id),
    /** The payment intent that paid an invoice (what `invoicePayments.list` answers). */
    setInvoicePayment: (invoiceId: string, paymentIntentId: string) => invoicePayments.set(invoiceId, paymentIntentId),
    setPaymentIntent: (id: string, transferTo: string | null) =>
      paymentIntents.set(id, {
        id,
        object: 'payment_intent',
        transfer_data: transferTo ? { destination: transferTo } : null,
      }),
    /** A connected account's state (what `accounts.retrieve` answers). */
    setAccount(
      id: string,
      state: {
        charges_enabled: boolean;
        payouts_enabled: boolean;
        details_submitted: boolean;
        currently_due: string[];
      },
    ) {
      accounts.set(id, { id, object: 'account', ...state, requirements: { currently_due: state.currently_due } });
    },
    /** A connected account's Balance and balance transactions (newest first), in cents. */
    setBalance(
      accountId: string,
      balance: {
        available: number;
        pending: number;
        transactions: { id: string; type: string; amount: number; fee: number }[];
      },
    ) {
      balances.set(accountId, balance);
    },
    /** Every request from now on answered with `status` (a 5xx), or answered normally again (null). */
    failWith(status: number | null) {
      outage = status;
    },
    completeCheckout(id: string) {
      const found = checkouts.get(id);
      if (found) found.status = 'complete';
    },
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as AddressInfo;
      return { host: '127.0.0.1', port, protocol: 'http' as const };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const signer = new Stripe('sk_test_signer');

/** An event as Stripe delivers it to a webhook endpoint (with `account` when from a connected account). */
export function stripeEvent<T extends Stripe.Event['type']>(
  id: string,
  type: T,
  object: Json,
  extra: { account?: string } = {},
) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...extra,
  };
}

/** The Stripe-Signature header Stripe would send for this payload, made by the SDK's own helper. */
export const signatureFor = (payload: string, secret: string) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });

/**
 * Delivers an event to the app's Stripe webhook endpoint (the Connect one with `connect`), signed
 * as Stripe signs it, and answers what the handler made of it ('applied', 'ignored', …).
 */
export async function deliverStripeEvent(
  app: FastifyInstance,
  secret: string,
  event: Record<string, unknown>,
  { connect = false } = {},
) {
  const payload = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: connect ? '/api/stripe/connect-webhook' : '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(payload, secret) },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  return res.json().result as string;
}
