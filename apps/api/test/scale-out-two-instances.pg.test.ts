import { publicQueueReply, queueEvent, ticketReply } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limits.js';
import { exited, type ApiProcess } from './support/api-process.js';
import { startTwoInstances, type TwoInstances } from './support/two-instances.js';
import { unique, uniquePhone } from './support/factories.js';

/**
 * Two API instances (the server entry, as deployed, in two processes) on one PostgreSQL database,
 * as behind a load balancer: a client's requests spread over both count against one rate limit,
 * and a check-in through one instance reaches event streams held by either.
 */

let two: TwoInstances;
let a: ApiProcess;
let b: ApiProcess;
let shopUsername: string;

beforeAll(async () => {
  two = await startTwoInstances('Scale Out Cuts');
  ({ a, b, shopUsername } = two);
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

async function openStream(url: string) {
  const res = await fetch(`${url}/api/events/?shop_username=${shopUsername}`);
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const until = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before "${needle}"`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  };
  await until(': connected');
  return { until, cancel: () => reader.cancel() };
}

describe('two API instances on one PostgreSQL', () => {
  it('count a client’s sign-in attempts on either instance against one limit', async () => {
    const { max } = DEFAULT_RATE_LIMITS.login;
    const attempt = (server: ApiProcess) =>
      fetch(`${server.url}/api/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${unique('nobody')}@example.test`, password: 'wrong-password' }),
      });
    // Alternating A, B, A, …: each instance alone has seen only half the attempts.
    const remaining: string[] = [];
    for (let i = 0; i < max; i++) {
      const res = await attempt(i % 2 === 0 ? a : b);
      expect(res.status).toBe(401);
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(Array.from({ length: max }, (_, i) => String(max - i - 1)));
    const blockedOnA = await attempt(a);
    expect(blockedOnA.status).toBe(429);
    expect(await blockedOnA.json()).toEqual({ detail: 'Too many attempts. Please wait a moment and try again.' });
    expect((await attempt(b)).status).toBe(429);
  });

  it('push a check-in made through A to streams open on both A and B', async () => {
    const [onA, onB] = await Promise.all([openStream(a.url), openStream(b.url)]);
    try {
      const res = await fetch(`${a.url}/api/check-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop_username: shopUsername, name: 'Ana Reyes', phone_number: '+1 718 555 0144' }),
      });
      expect(res.status).toBe(200);
      for (const stream of [onA, onB]) {
        const text = await stream.until('event: queue');
        const block = text.slice(text.indexOf('event: queue')).split('\n\n')[0] ?? '';
        const data = block.split('\n').find((l) => l.startsWith('data: ')) ?? '';
        expect(queueEvent.parse(JSON.parse(data.slice('data: '.length)))).toMatchObject({
          kind: 'ticket',
          shop_username: shopUsername,
          status: 'waiting',
        });
      }
    } finally {
      await Promise.all([onA.cancel(), onB.cancel()]);
    }
  });

  it('give 20 simultaneous check-ins through both instances distinct places, one after another', async () => {
    const waitingNow = async () => {
      const res = await fetch(`${b.url}/api/queue/?shop_username=${shopUsername}`);
      expect(res.status).toBe(200);
      return publicQueueReply.parse(await res.json()).response.waiting_count;
    };
    const before = await waitingNow();
    // Each instance places its check-ins from its own kept line; each is placed behind the ticket
    // that was last in line at its insert, wherever that one was made.
    const replies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/check-in/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ shop_username: shopUsername, name: `Guest ${i}`, phone_number: uniquePhone() }),
        });
        expect(res.status).toBe(200);
        return ticketReply.parse(await res.json()).response;
      }),
    );
    const places = replies.map((r) => r.place).sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(places).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
  });

  it('stop one instance while the other keeps serving the same shop', async () => {
    const onB = await openStream(b.url);
    try {
      a.child.kill('SIGTERM');
      expect(await exited(a.child)).toBe(0);
      const res = await fetch(`${b.url}/api/check-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shop_username: shopUsername, name: 'Marco Diaz', phone_number: '+1 718 555 0177' }),
      });
      expect(res.status).toBe(200);
      expect(await onB.until('event: queue')).toContain(shopUsername);
    } finally {
      await onB.cancel();
    }
  });
});
