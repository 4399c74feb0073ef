import { describe, expect, it } from 'vitest';
import { ownPasswordFormError } from '../src/schemas/own-password.js';

describe('the change-password form check', () => {
  const ok = { current_password: 'old secret', new_password: 'new secret 1', confirm_password: 'new secret 1' };
  it('accepts a filled form whose confirmation matches', () => {
    expect(ownPasswordFormError(ok)).toBeNull();
  });
  it('needs the current password, the sign-up rules and a matching confirmation', () => {
    expect(ownPasswordFormError({ ...ok, current_password: '' })).toBe('Please enter your current password.');
    expect(ownPasswordFormError({ ...ok, new_password: 'short', confirm_password: 'short' })).toBe('The password must be at least 8 characters long.');
    expect(ownPasswordFormError({ ...ok, confirm_password: 'new secret 2' })).toBe('The new passwords do not match.');
  });
});
