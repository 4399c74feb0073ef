import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash of a random secret nobody knows, made once per process. Accounts without a password
// (invited, Google-only) and unknown emails are verified against it, so every login runs exactly
// one argon2 verification and its timing does not reveal which case it was.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hash(randomBytes(32).toString('base64url')));

/**
 * Checks a password against a stored hash with one argon2 verification, whatever the account
 * state: a missing hash is checked against the dummy hash and always fails.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  const real = typeof passwordHash === 'string' && passwordHash !== '';
  try {
    const matches = await verify(real ? passwordHash : await dummyPasswordHash(), password);
    return real && matches;
  } catch {
    return false;
  }
}

/** The "no such account" path: the same verification work as a wrong password, always false. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(null, password);
}
