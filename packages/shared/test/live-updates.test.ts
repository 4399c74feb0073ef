import { describe, expect, it } from 'vitest';
import { followShop, type LiveEnvironment, type LiveOptions, type LiveStream } from '../src/live-updates.js';
import { QUEUE_EVENT_NAME } from '../src/queue-rules.js';
import { GROUP_MS } from '../src/refresh-loop.js';
import { manualClock } from './manual-clock.js';

/** An event stream the test opens, fails and feeds by hand. */
class FakeStream implements LiveStream {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((message: { data?: unknown }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (message: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  open() {
    this.readyState = 1;
    this.emit('open');
  }
  /** The browser will retry by itself (readyState CONNECTING) unless `gaveUp`. */
  fail(gaveUp = false) {
    this.readyState = gaveUp ? 2 : 0;
    this.emit('error');
  }
  event(data: unknown) {
    this.emit(QUEUE_EVENT_NAME, JSON.stringify(data));
  }
}

function harness(options: Partial<LiveOptions> & { noEventSource?: boolean } = {}) {
  const clock = manualClock();
  const streams: FakeStream[] = [];
  const wakers: (() => void)[] = [];
  const environment: LiveEnvironment = {
    openStream: options.noEventSource
      ? null
      : (url) => {
          const stream = new FakeStream(url);
          streams.push(stream);
          return stream;
        },
    onWake: (wake) => {
      wakers.push(wake);
      return () => wakers.splice(wakers.indexOf(wake), 1);
    },
  };
  const loads: number[] = [];
  let ok = true;
  const stream: boolean[] = [];
  const stop = followShop({
    shopUsername: 'demo shop',
    pollMs: 10_000,
    refresh: () => {
      loads.push(clock.now());
      return ok;
    },
    onStream: (open) => stream.push(open),
    scheduler: clock.scheduler,
    environment,
    ...options,
  });
  return {
    clock,
    streams,
    loads,
    stream,
    stop,
    wakers,
    failLoads: (fail: boolean) => (ok = !fail),
    last: () => streams[streams.length - 1]!,
  };
}

describe('followShop: the one live-update client', () => {
  it("opens the shop's event stream by its username", () => {
    const h = harness();
    expect(h.last().url).toBe('/api/events/?shop_username=demo%20shop');
    h.stop();
  });

  it('groups a burst of events into one refetch', async () => {
    const h = harness();
    h.last().open();
    await h.clock.advance(GROUP_MS);
    const before = h.loads.length;
    h.last().event({ kind: 'ticket' });
    h.last().event({ kind: 'rotation' });
    h.last().event({ kind: 'ticket' });
    await h.clock.advance(GROUP_MS);
    expect(h.loads.length - before).toBe(1);
    h.stop();
  });

  it('catches up once each time the stream opens, since nothing announced what changed before', async () => {
    const h = harness();
    h.last().open();
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(1);
    h.last().fail();
    await h.clock.advance(GROUP_MS);
    h.last().open();
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(3);
    expect(h.stream).toEqual([true, false, true]);
    h.stop();
  });

  it('polls while the stream is down and stops polling when it opens', async () => {
    const h = harness();
    h.last().fail();
    await h.clock.advance(GROUP_MS);
    const afterDrop = h.loads.length;
    await h.clock.advance(30_000);
    expect(h.loads.length - afterDrop).toBe(3);
    h.last().open();
    await h.clock.advance(GROUP_MS);
    const afterOpen = h.loads.length;
    await h.clock.advance(60_000);
    expect(h.loads.length).toBe(afterOpen);
    h.stop();
  });

  it('reopens a stream the browser gave up on, with back-off of at most 3 s', async () => {
    const h = harness();
    h.last().fail(true);
    expect(h.last().closed).toBe(true);
    await h.clock.advance(3_000);
    expect(h.streams).toHaveLength(2);
    h.stop();
  });

  it('refetches at once when the tab wakes (online, visible, focused) and reopens a closed stream', async () => {
    const h = harness();
    h.last().fail(true);
    h.wakers.forEach((wake) => wake());
    expect(h.streams).toHaveLength(2);
    await h.clock.advance(GROUP_MS);
    expect(h.loads.length).toBeGreaterThan(0);
    h.stop();
  });

  it('retries a failed refetch with back-off and keeps following', async () => {
    const h = harness();
    h.failLoads(true);
    h.last().open();
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(1);
    h.failLoads(false);
    await h.clock.advance(1_000);
    expect(h.loads).toHaveLength(2);
    h.stop();
  });

  it("with firstLoad 'with-stream' makes the first load when the stream opens, and events before it add nothing", async () => {
    const h = harness({ firstLoad: 'with-stream' });
    h.last().event({ kind: 'ticket' });
    await h.clock.advance(1_000);
    expect(h.loads).toHaveLength(0);
    h.last().open();
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(1);
    h.stop();
  });

  it("with firstLoad 'with-stream' loads anyway when the stream has not opened in time", async () => {
    const h = harness({ firstLoad: 'with-stream', firstLoadWaitMs: 3_000 });
    await h.clock.advance(3_000 + GROUP_MS);
    expect(h.loads).toHaveLength(1);
    h.last().open();
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(2);
    h.stop();
  });

  it('without EventSource it loads first and then polls', async () => {
    const h = harness({ noEventSource: true, firstLoad: 'with-stream' });
    await h.clock.advance(GROUP_MS);
    expect(h.loads).toHaveLength(1);
    await h.clock.advance(20_000);
    expect(h.loads).toHaveLength(3);
    h.stop();
  });

  it('passes the checked event to the refetch; an event of the wrong shape still refetches without it', async () => {
    const seen: unknown[] = [];
    const h = harness({
      readEvent: (data) => (data && typeof data === 'object' && 'kind' in data ? (data as never) : null),
      refresh: (event) => void seen.push(event),
    });
    h.last().open();
    await h.clock.advance(GROUP_MS);
    h.last().event({ kind: 'ticket', shop_username: 'demo shop', at: 'now' });
    await h.clock.advance(GROUP_MS);
    h.last().event('nonsense');
    await h.clock.advance(GROUP_MS);
    expect(seen).toEqual([null, { kind: 'ticket', shop_username: 'demo shop', at: 'now' }, null]);
    h.stop();
  });

  it('stops: closes the stream, no more timers, no more wake listeners', async () => {
    const h = harness();
    h.last().fail();
    h.stop();
    expect(h.last().closed).toBe(true);
    expect(h.clock.pending()).toEqual([]);
    expect(h.wakers).toHaveLength(0);
  });
});
