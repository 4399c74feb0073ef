import type { QueueEvent } from '@chairline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { EventBus } from '../queue/events/event-bus.js';
import type { TicketLinkNotifier } from '../queue/check-in/ticket-link-notifier.js';
import { ticketByToken } from '../queue/tickets/queue-repository.js';
import { enqueueJob, pendingCount, queuedSince } from './alert-jobs-repository.js';
import { evaluateShop, evaluateShopNamed } from './alert-triggers.js';
import { AlertWorker } from './alert-worker.js';
import { safeErrorText } from './senders/send-errors.js';
import { shopsWithAlerts } from './turn-alerts-repository.js';

/** A number already in line gets its ticket link at most once in this window. */
export const TICKET_LINK_QUIET_MS = 10 * 60_000;

export interface TurnAlertsLoop {
  /** How often the worker looks for due jobs (ms). */
  pollMs: number;
  /** How often every shop with alerts on is looked at again (time alone can bring "15 minutes before"). */
  sweepMs: number;
}

/**
 * Turn alerts at run time: evaluates a shop after each of its queue changes, queues the alerts
 * owed, and runs the worker that sends them. `drain()` does all pending work now (tests, shutdown).
 */
export class TurnAlerts {
  private readonly evaluations = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  /** After app close: queue changes are no longer looked at (a bus shared with another app may still publish). */
  private closed = false;
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly worker: AlertWorker,
  ) {}

  /**
   * After committed queue changes: evaluates each shop named, then wakes the worker when that queued
   * a message (what time alone makes due, the loop's poll finds). Never throws.
   */
  queueChanged(events: readonly QueueEvent[]) {
    const usernames = [...new Set(events.map((e) => e.shop_username))];
    if (usernames.length === 0 || this.closed) return;
    let queued = 0;
    const run = (async () => {
      try {
        for (const username of usernames) queued += await evaluateShopNamed(this.db, username, this.clock());
      } catch (err) {
        this.log.error({ err: safeErrorText(err) }, 'turn alerts: evaluating the queue failed');
      }
    })();
    this.evaluations.add(run);
    void run.finally(() => {
      this.evaluations.delete(run);
      if (queued > 0) this.wake();
    });
  }

  /** Every shop with alerts on, evaluated again: catches what time alone brings and a change missed by a crash. */
  async sweep() {
    for (const shopId of await shopsWithAlerts(this.db)) await evaluateShop(this.db, shopId, this.clock());
  }

  /** Sends everything due now (by the app's clock), after pending evaluations and a sweep. Returns how many jobs were worked. */
  async drain(): Promise<number> {
    await Promise.all([...this.evaluations]);
    await this.sweep();
    let worked = 0;
    for (;;) {
      const n = await this.worker.runBatch();
      worked += n;
      if (n === 0 && (await pendingCount(this.db, this.clock())) === 0) return worked;
    }
  }

  /** The check-in seam: a number already in line is texted its ticket link, once per quiet period. */
  readonly ticketLinks: TicketLinkNotifier = {
    sendTicketLink: async (request) => {
      try {
        const ticket = await ticketByToken(this.db, request.token);
        if (!ticket) return;
        const now = this.clock();
        const window = Math.floor(now.getTime() / TICKET_LINK_QUIET_MS);
        await this.db.transaction(async (tx) => {
          if (await queuedSince(tx, ticket.id, 'ticket_link', new Date(now.getTime() - TICKET_LINK_QUIET_MS))) return;
          await enqueueJob(tx, { dedupeKey: `ticket:${ticket.id}:link:${window}`, kind: 'ticket_link', ticketId: ticket.id }, now);
        });
        this.wake();
      } catch (err) {
        this.log.error({ err: safeErrorText(err) }, 'turn alerts: queueing a ticket link failed');
      }
    },
  };

  /** Starts the worker loop. */
  start(loop: TurnAlertsLoop) {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      const now = Date.now();
      if (now - this.lastSweep >= loop.sweepMs) {
        this.lastSweep = now;
        await this.sweep();
      }
      while (!this.stopped && (await this.worker.runBatch()) > 0);
    };
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.runGuarded(tick).finally(schedule);
      }, loop.pollMs);
      this.timer.unref();
    };
    this.wakeNow = () => {
      if (this.stopped || this.running) return;
      void this.runGuarded(async () => {
        while (!this.stopped && (await this.worker.runBatch()) > 0);
      });
    };
    schedule();
  }

  private wakeNow: () => void = () => undefined;

  /** Sends what is due soon rather than at the next poll. */
  wake() {
    this.wakeNow();
  }

  private runGuarded(fn: () => Promise<void>): Promise<void> {
    if (this.running) return this.running;
    const run = fn()
      .catch((err: unknown) => {
        this.log.error({ err: safeErrorText(err) }, 'turn alerts: the worker failed');
      })
      .finally(() => {
        this.running = null;
      });
    this.running = run;
    return run;
  }

  /** Stops the loop and waits for the batch in progress (app close). */
  async stop() {
    this.stopped = true;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.evaluations]);
    await this.running;
  }
}

/**
 * Calls `listener` with every committed queue change on this bus, whichever way it went out (the
 * alerts hook): `publish` after a commit, or `committed` after a write that notified within.
 */
export function afterQueueChanges(bus: EventBus, listener: (events: readonly QueueEvent[]) => void) {
  const publish = bus.publish.bind(bus);
  bus.publish = async (events) => {
    await publish(events);
    listener(events);
  };
  const committed = bus.committed.bind(bus);
  bus.committed = (events) => {
    committed(events);
    if (events.length > 0) listener(events);
  };
}
