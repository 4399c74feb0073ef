import { describe, expect, it } from 'vitest';
import { forgetTicket, recallTicket, rememberTicket, ticketStorageKey, type KeyValueStore } from '../src/lib/ticket-storage.js';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the remembered ticket', () => {
  it('is kept per shop, case-insensitively', () => {
    const store = memoryStore();
    rememberTicket(store, 'Demo', 'tok-1');
    rememberTicket(store, 'other', 'tok-2');
    expect(recallTicket(store, 'demo')).toBe('tok-1');
    expect(recallTicket(store, 'other')).toBe('tok-2');
    expect(store.data.has(ticketStorageKey('demo'))).toBe(true);
  });

  it('ignores a stored value that is not a token', () => {
    const store = memoryStore();
    store.setItem(ticketStorageKey('demo'), '../../api/x');
    expect(recallTicket(store, 'demo')).toBeNull();
  });

  it('forgets only the ticket it is told about', () => {
    const store = memoryStore();
    rememberTicket(store, 'demo', 'new');
    forgetTicket(store, 'demo', 'old');
    expect(recallTicket(store, 'demo')).toBe('new');
    forgetTicket(store, 'demo', 'new');
    expect(recallTicket(store, 'demo')).toBeNull();
  });
});
