import { queueEvent } from '@chairline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, type ApiProcess } from './support/api-process.js';
import { startTwoInstances, type TwoInstances } from './support/two-instances.js';

/**
 * Two real API processes (the server entry, as deployed) on one PostgreSQL database: a check-in
 * through process A reaches an event stream opened on process B, over LISTEN/NOTIFY.
 */

let two: TwoInstances;
let a: ApiProcess;
let b: ApiProcess;
let shopUsername: string;

beforeAll(async () => {
  two = await startTwoInstances('Two Process Cuts');
  ({ a, b, shopUsername } = two);
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

describe('two API processes on one PostgreSQL', () => {
  it('pushes a check-in made through A to a stream opened on B, then both stop cleanly with streams open', async () => {
    const stream = await fetch(`${b.url}/api/events/?shop_username=${shopUsername}`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': connected');

    // A stream on A too, left open through the shutdown below.
    const streamOnA = await fetch(`${a.url}/api/events/?shop_username=${shopUsername}`);
    expect(streamOnA.status).toBe(200);

    const res = await fetch(`${a.url}/api/check-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shop_username: shopUsername, name: 'Luis Ortega', phone_number: '+1 718 555 0101' }),
    });
    expect(res.status).toBe(200);
    const ticket = (await res.json()) as { response: { status: string } };
    expect(ticket.response.status).toBe('waiting');

    while (!text.includes('event: queue')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before the event');
      text += decoder.decode(value, { stream: true });
    }
    const block = text.slice(text.indexOf('event: queue')).split('\n\n')[0] ?? '';
    const data = block.split('\n').find((l) => l.startsWith('data: ')) ?? '';
    expect(queueEvent.parse(JSON.parse(data.slice('data: '.length)))).toMatchObject({
      kind: 'ticket',
      shop_username: shopUsername,
      status: 'waiting',
    });

    // Graceful shutdown must not wait on the open streams.
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await exited(a.child)).toBe(0);
    expect(await exited(b.child)).toBe(0);
  });
});
