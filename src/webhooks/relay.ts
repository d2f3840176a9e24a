import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';
import type { Logger } from '../logger';
import type { Runtime } from '../runtime';
import { deliveryIdFor } from './delivery-ids';

/** Events fanned out per transaction; a backlog is worked through in batches of this size back to back. */
const BATCH = 500;

type Deps = Pick<Runtime, 'db' | 'queues'>;

/**
 * One pass of the relay over at most `limit` undispatched events, oldest first: writes a delivery for
 * each enabled endpoint of the event's account that takes its type (none listed = every type), queues
 * the first attempt of each (jobId = delivery id), then marks the events dispatched. Events are claimed
 * with SKIP LOCKED, so relays in several processes share a backlog instead of queueing behind one
 * another. Every step may run twice: delivery ids follow from (event, endpoint), rows are inserted ON
 * CONFLICT DO NOTHING and a repeated jobId adds nothing, so a relay that dies anywhere leaves work that
 * the next pass finishes without sending anything twice. Answers how many events it handled.
 */
export async function relayWebhookEvents(rt: Deps, limit = BATCH): Promise<number> {
  const claimed = await rt.db.transaction(async (tx) => {
    const events = await tx
      .select({ id: webhookEvents.id, accountId: webhookEvents.accountId, type: webhookEvents.type, traceContext: webhookEvents.traceContext })
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(asc(webhookEvents.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (events.length === 0) return null;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, accountId: webhookEndpoints.accountId, eventTypes: webhookEndpoints.eventTypes })
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.accountId, [...new Set(events.map((e) => e.accountId))]), isNull(webhookEndpoints.disabledAt)));
    const rows = events.flatMap((e) =>
      endpoints
        .filter((ep) => ep.accountId === e.accountId && (ep.eventTypes.length === 0 || ep.eventTypes.includes(e.type)))
        .map((ep) => ({ id: deliveryIdFor(e.id, ep.id), eventId: e.id, endpointId: ep.id })),
    );
    const eventOf = new Map(events.map((e) => [e.id, e]));
    if (rows.length === 0) return { eventIds: events.map((e) => e.id), toQueue: [] as { id: string; accountId: string; trace: string | null }[] };
    await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing();
    // A repeat pass queues again only what has not been attempted yet (a queued job is a no-op to add).
    const toQueue = await tx
      .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(
            webhookDeliveries.id,
            rows.map((r) => r.id),
          ),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, 0),
        ),
      );
    return {
      eventIds: events.map((e) => e.id),
      toQueue: toQueue.map((d) => {
        const event = eventOf.get(d.eventId)!;
        return { id: d.id, accountId: event.accountId, trace: event.traceContext };
      }),
    };
  });
  if (!claimed) return 0;
  // Queued after the commit (a job must find its row), and the events marked only once queued: a relay
  // that dies in between leaves them undispatched for the next pass. Each delivery continues the trace
  // that recorded its event.
  await rt.queues.enqueueBulk(
    'webhook.deliver',
    claimed.toQueue.map((d) => ({ payload: { id: d.id, attempt: 1 }, opts: { jobId: d.id, account: d.accountId, trace: d.trace } })),
  );
  await rt.db
    .update(webhookEvents)
    .set({ dispatchedAt: new Date() })
    .where(and(inArray(webhookEvents.id, claimed.eventIds), isNull(webhookEvents.dispatchedAt)));
  return claimed.eventIds.length;
}

/**
 * The relay loop of a worker process: a pass as soon as a writer's notice arrives, and otherwise every
 * `pollMs` (the safety net for a writer that died between its commit and its notice). A full batch is
 * followed at once by another pass. Passes never overlap within a process.
 */
export class WebhookRelay {
  private stopped = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly onMessage = (channel: string) => {
    if (channel !== this.rt.channels.webhookEvents) return;
    this.woken = true;
    this.wake?.();
  };

  constructor(
    private readonly rt: Pick<Runtime, 'db' | 'queues' | 'subscriber' | 'channels'>,
    private readonly log: Logger,
    private readonly pollMs: number,
  ) {}

  async start(): Promise<void> {
    this.rt.subscriber.on('message', this.onMessage);
    await this.rt.subscriber.subscribe(this.rt.channels.webhookEvents);
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        while (!this.stopped && (await relayWebhookEvents(this.rt)) === BATCH) {}
      } catch (err) {
        this.log.warn({ err: { message: (err as Error).message } }, 'webhook relay pass failed; retrying at the next poll');
      }
      if (this.woken || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Stops after the pass under way (if any). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.rt.subscriber.off('message', this.onMessage);
    await this.rt.subscriber.unsubscribe(this.rt.channels.webhookEvents).catch(() => {});
    this.wake?.();
    await this.loop;
  }
}
