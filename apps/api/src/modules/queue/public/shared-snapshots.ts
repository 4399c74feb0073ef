import type { Sql } from '../../../db/database.js';
import type { ShopChange } from '../events/event-bus.js';
import { queueSnapshotOf, type QueueSnapshot } from '../tickets/queue-repository.js';

export const SNAPSHOT_TTL_MS = 2_000;

interface Kept {
  at: number;
  snapshot: Promise<QueueSnapshot | undefined>;
  /** Known once the read is done. */
  shopId?: number;
}

/**
 * One queue snapshot per shop for the public replies built from it (the shop's "any barber" wait and
 * the barbers' waits), so a change of the shop costs one read of its line, not one per reply. Kept
 * until a change of the shop is heard, and only SNAPSHOT_TTL_MS on the app's clock: long enough for
 * the replies rebuilt together after a change, short enough that a reply kept for its own time
 * still shows a wait worked out moments before it was built.
 * A read still under way when any change is heard is dropped too: its shop is not known yet, and it
 * may predate the change.
 */
export class SharedSnapshots {
  /** By the name asked for (a current or former username, lower case). */
  private readonly byName = new Map<string, Kept>();
  private readonly pending = new Set<string>();
  private readonly namesById = new Map<number, Set<string>>();
  private readonly idByUsername = new Map<string, number>();
  private sweptAt = 0;

  constructor(private readonly sql: Sql) {}

  /** The shop's snapshot by its username (or a former one), read once per change; undefined for an unknown shop. */
  of(username: string, now: Date): Promise<QueueSnapshot | undefined> {
    const name = username.trim().toLowerCase();
    const kept = this.byName.get(name);
    if (kept && Math.abs(now.getTime() - kept.at) < SNAPSHOT_TTL_MS) return kept.snapshot;
    this.sweep(now);
    const fresh: Kept = { at: now.getTime(), snapshot: queueSnapshotOf(this.sql, name, now) };
    this.byName.set(name, fresh);
    this.pending.add(name);
    const settle = (shop: QueueSnapshot['shop'] | undefined) => {
      if (this.byName.get(name) !== fresh) return;
      this.pending.delete(name);
      // An unknown shop, or a failed read, is not kept.
      if (!shop) {
        this.byName.delete(name);
        return;
      }
      fresh.shopId = shop.id;
      this.idByUsername.set(shop.username, shop.id);
      const names = this.namesById.get(shop.id) ?? new Set<string>();
      names.add(name);
      this.namesById.set(shop.id, names);
    };
    fresh.snapshot.then((s) => settle(s?.shop), () => settle(undefined));
    return fresh.snapshot;
  }

  forget(change: ShopChange) {
    for (const name of this.pending) this.byName.delete(name);
    this.pending.clear();
    const shopId = 'shopId' in change ? change.shopId : this.idByUsername.get(change.shopUsername);
    if (shopId === undefined) return;
    for (const name of this.namesById.get(shopId) ?? []) this.byName.delete(name);
    this.namesById.delete(shopId);
  }

  /** Shops nobody read lately are let go (at most once a second), so the maps hold only shops being watched. */
  private sweep(now: Date) {
    if (Math.abs(now.getTime() - this.sweptAt) < 1000) return;
    this.sweptAt = now.getTime();
    for (const [name, kept] of this.byName) {
      if (Math.abs(now.getTime() - kept.at) < SNAPSHOT_TTL_MS) continue;
      this.byName.delete(name);
      const names = kept.shopId === undefined ? undefined : this.namesById.get(kept.shopId);
      names?.delete(name);
      if (names?.size === 0 && kept.shopId !== undefined) this.namesById.delete(kept.shopId);
    }
  }
}
