import { describe, expect, it } from 'vitest';
import { isSuccess, messageOf } from '../src/messages.js';

describe('messageOf: the one reader of a reply message for a person', () => {
  it('reads the envelope, then detail, error and message, in that order', () => {
    expect(messageOf({ status: 400, body: { status: 0, response: 'That name is taken.' } })).toBe('That name is taken.');
    expect(messageOf({ status: 401, body: { detail: 'Wrong password.' } })).toBe('Wrong password.');
    expect(messageOf({ status: 500, body: { error: 'Server error' } })).toBe('Server error');
    expect(messageOf({ status: 429, body: { message: 'Too many attempts.' } })).toBe('Too many attempts.');
  });

  it('joins a list of field errors into one sentence', () => {
    expect(messageOf({ status: 400, body: { response: ['Name is required.', 'Phone is invalid.'] } })).toBe('Name is required. Phone is invalid.');
  });

  it('reads a plain-text reply but never an HTML page', () => {
    expect(messageOf({ status: 502, body: 'Gateway down' })).toBe('Gateway down');
    expect(messageOf({ status: 502, body: '<html>Bad gateway</html>' })).toBe('Request failed with status code 502');
  });

  it('falls back to the status, or to the fallback it is given', () => {
    expect(messageOf({ status: 404, body: {} })).toBe('Request failed with status code 404');
    expect(messageOf({ status: 200, body: { status: 0 } }, 'Error')).toBe('Error');
  });
});

describe('isSuccess', () => {
  it('is a 2xx reply that is not an envelope with status 0', () => {
    expect(isSuccess({ status: 200, body: { status: 1, response: [] } })).toBe(true);
    expect(isSuccess({ status: 204, body: '' })).toBe(true);
    expect(isSuccess({ status: 200, body: { status: 0, response: 'No.' } })).toBe(false);
    expect(isSuccess({ status: 409, body: { status: 1 } })).toBe(false);
  });
});
