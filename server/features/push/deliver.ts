import { and, inArray, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../common/push/payload';
import type { Executor } from '../../db/client';
import { notifications, pushDeliveries, pushSubscriptions } from '../../db/schema';
import type { JobRunner } from '../../platform/jobs';
import type { AppContext } from '../../platform/context';
import { isSendableEndpoint } from './endpoint';
import type { PushKind } from '../../../common/push/kinds';
import { devicesWanting, liveDevicesByIds, type PushTarget } from './queries';
import { vapidDetails } from './vapid';

/** How a push is to travel: its text, how long the push service may hold it, and how urgent it is. */
export type PushMessage = {
  payload: PushPayload;
  /** seconds the push service keeps it for a device that is offline */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
};

/** One push to one device, under the key of its event (push_deliveries). */
export type PushSend = { key: string; target: PushTarget; message: PushMessage };

/** How each send ended. */
export type Delivery = {
  /** accepted now, or by an earlier try of the same key */
  delivered: PushSend[];
  /** 404 or 410: the subscription is gone, and its device row was deleted */
  gone: PushSend[];
  /** worth trying again: 429, 5xx, no answer in time */
  failed: PushSend[];
  /** refused for good (another 4xx, an endpoint we do not send to): logged, not retried */
  refused: PushSend[];
};

type DeliverCtx = Pick<AppContext, 'db' | 'config' | 'log'>;

const TIMEOUT_MS = 10_000;
/** pushes in flight at once per batch */
const PARALLEL = 8;
/** a push service takes 4 KB; ours stay far below, the text is cut on the way */
const BODY_MAX = 240;

/**
 * Sends a batch of pushes over the Web Push protocol and records the outcome, with a fixed
 * number of statements whatever the batch's size: which (key, device) pairs went out before
 * (one read), then after sending, the accepted ones (one insert, one update of last use) and the
 * gone devices (one delete).
 *
 * web-push builds each request: the payload encrypted to the device's keys (RFC 8291, aes128gcm)
 * and the VAPID authorization (RFC 8292) with this instance set's key; the request itself goes
 * out with fetch, which gives a timeout, and reaches the test push service, which listens on
 * plain http on the loopback.
 */
export async function deliverPushes(ctx: DeliverCtx, sends: readonly PushSend[]): Promise<Delivery> {
  const outcome: Delivery = { delivered: [], gone: [], failed: [], refused: [] };
  if (sends.length === 0) return outcome;
  const before = await ctx.db
    .select({ key: pushDeliveries.key, subscriptionId: pushDeliveries.subscriptionId })
    .from(pushDeliveries)
    .where(
      and(
        inArray(pushDeliveries.key, [...new Set(sends.map((s) => s.key))]),
        inArray(pushDeliveries.subscriptionId, [...new Set(sends.map((s) => s.target.id))]),
      ),
    );
  const sentBefore = new Set(before.map((r) => `${r.key}\n${r.subscriptionId}`));
  const toSend = sends.filter((s) => !sentBefore.has(`${s.key}\n${s.target.id}`));
  outcome.delivered.push(...sends.filter((s) => sentBefore.has(`${s.key}\n${s.target.id}`)));

  const vapid = await vapidDetails(ctx);
  const accepted: PushSend[] = [];
  let next = 0;
  const worker = async () => {
    while (next < toSend.length) {
      const send = toSend[next++]!;
      const result = await sendOne(ctx, vapid, send);
      if (result === 'delivered') accepted.push(send);
      else outcome[result].push(send);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, toSend.length) }, worker));
  outcome.delivered.push(...accepted);

  if (accepted.length > 0) {
    await ctx.db
      .insert(pushDeliveries)
      .values(accepted.map((s) => ({ key: s.key, subscriptionId: s.target.id })))
      .onConflictDoNothing();
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastUsedAt: sql`now()` })
      .where(
        inArray(
          pushSubscriptions.id,
          accepted.map((s) => s.target.id),
        ),
      );
  }
  if (outcome.gone.length > 0) {
    // by id and endpoint: a device that subscribed again since (a new endpoint) stays
    const gone = outcome.gone.map((s) => s.target);
    await ctx.db.delete(pushSubscriptions).where(
      and(
        inArray(
          pushSubscriptions.id,
          gone.map((t) => t.id),
        ),
        inArray(
          pushSubscriptions.endpoint,
          gone.map((t) => t.endpoint),
        ),
      ),
    );
  }
  return outcome;
}

async function sendOne(
  ctx: DeliverCtx,
  vapid: Awaited<ReturnType<typeof vapidDetails>>,
  send: PushSend,
): Promise<'delivered' | 'gone' | 'failed' | 'refused'> {
  const { target, message } = send;
  // checked again at send time: a row from before a rule changed is not trusted either
  if (!isSendableEndpoint(target.endpoint, { loopback: ctx.config.pushToLoopback })) return 'refused';
  const payload = { ...message.payload, body: cut(message.payload.body, BODY_MAX) };
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: message.ttl, urgency: message.urgency, contentEncoding: 'aes128gcm' },
    );
  } catch (err) {
    // keys a browser would never give (the row was written by hand or damaged)
    ctx.log.warn({ err, device: target.id }, 'push: the device keys cannot encrypt a message');
    return 'refused';
  }
  try {
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return 'delivered';
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.status === 429 || res.status >= 500) return 'failed';
    ctx.log.warn({ device: target.id, status: res.status }, 'push: the push service refused a message');
    return 'refused';
  } catch (err) {
    ctx.log.warn({ err, device: target.id }, 'push: the push service did not answer');
    return 'failed';
  }
}

/** At most `max` characters, cut at a word with an ellipsis. */
function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const atWord = head.lastIndexOf(' ');
  return `${atWord > max / 2 ? head.slice(0, atWord) : head}…`;
}

export const PUSH_RETRY_JOB = 'push-retry';

/** A push some devices did not take yet, tried again by the job runner. */
export type RetryJob = {
  key: string;
  message: PushMessage;
  subscriptionIds: string[];
  /** the notification whose push this is: its push_state follows the outcome */
  notificationId?: string;
};

/**
 * Hands the devices that failed for now to the job runner: one job per event key (a second
 * queueing of the same key adds nothing). Tried again 4 times with backoff, 15 s doubling
 * (about 4 minutes in all), then given up: a push is worth little an hour late.
 */
export async function queueRetry(ctx: Pick<AppContext, 'jobs'>, job: RetryJob) {
  await ctx.jobs.send(PUSH_RETRY_JOB, job, { key: job.key, retryLimit: 4, retryDelaySeconds: 15 });
}

/**
 * One try of a retry job: the devices still on live sessions (a removed or signed-out one is
 * skipped) that did not take the push yet. A device still failing fails the try, so the job
 * runner tries again later, until its limit.
 */
export async function retryPush(ctx: DeliverCtx, job: RetryJob) {
  const targets = await liveDevicesByIds(ctx.db, job.subscriptionIds);
  const outcome = await deliverPushes(
    ctx,
    targets.map((target) => ({ key: job.key, target, message: job.message })),
  );
  if (job.notificationId) {
    const id = job.notificationId;
    if (outcome.delivered.length > 0) await settleNotificationPushes(ctx.db, { delivered: [id] });
    else if (outcome.failed.length === 0) await settleNotificationPushes(ctx.db, { failed: [id] });
  }
  if (outcome.failed.length > 0) throw new Error(`push: ${outcome.failed.length} device(s) did not take it yet`);
  return { delivered: outcome.delivered.length, gone: outcome.gone.length, refused: outcome.refused.length };
}

export async function registerPushRetry(jobs: JobRunner, ctx: () => DeliverCtx) {
  await jobs.work<RetryJob>(PUSH_RETRY_JOB, ({ data }) => retryPush(ctx(), data), { concurrency: 2 });
}

/**
 * Records how notifications' pushes ended (push_state), one statement per outcome: 'delivered'
 * keeps the first acceptance's time, which the 'Immediately' mail reads (mails.tsx).
 */
export async function settleNotificationPushes(
  db: Executor,
  outcome: { delivered?: string[]; failed?: string[]; retrying?: string[] },
) {
  const { delivered = [], failed = [], retrying = [] } = outcome;
  if (delivered.length > 0)
    await db
      .update(notifications)
      .set({ pushState: 'delivered', pushDeliveredAt: sql`coalesce(${notifications.pushDeliveredAt}, now())` })
      .where(inArray(notifications.id, delivered));
  for (const [state, ids] of [
    ['failed', failed],
    ['retrying', retrying],
  ] as const)
    if (ids.length > 0)
      await db
        .update(notifications)
        .set({ pushState: state })
        .where(and(inArray(notifications.id, ids), isNull(notifications.pushDeliveredAt)));
}

/**
 * A push of one event to some members, each with their own text, on the devices of those who
 * want `kind`, now, inside the job that calls it (the session reminder): answers who had a push
 * service take it, so that job can let their mail give way. Devices failing for now get a retry.
 */
export async function pushToMembers(
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>,
  event: { kind: PushKind; key: string; messages: ReadonlyMap<string, PushMessage> },
): Promise<Set<string>> {
  const targets = await devicesWanting(ctx.db, [...event.messages.keys()], event.kind);
  const sends = targets.map((target) => ({
    key: `${event.key}:${target.userId}`,
    target,
    message: event.messages.get(target.userId)!,
  }));
  const outcome = await deliverPushes(ctx, sends);
  for (const userId of event.messages.keys()) {
    const failed = outcome.failed.filter((s) => s.target.userId === userId);
    if (failed.length > 0)
      await queueRetry(ctx, {
        key: failed[0]!.key,
        message: failed[0]!.message,
        subscriptionIds: failed.map((f) => f.target.id),
      });
  }
  return new Set(outcome.delivered.map((s) => s.target.userId));
}
