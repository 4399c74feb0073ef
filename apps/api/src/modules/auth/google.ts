import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Google's signing certificates by key id (PEM). Fetched from Google unless given (tests). */
export type GoogleCertsSource = () => Promise<Record<string, string>>;

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export function createGoogleVerifier(clientId: string, certsSource?: GoogleCertsSource) {
  const client = new OAuth2Client({ clientId });
  const certs: GoogleCertsSource =
    certsSource ?? (async () => (await client.getFederatedSignonCertsAsync()).certs as Record<string, string>);
  /** The identity in a Google ID token, or null if it is not valid for this client. */
  return async function verify(idToken: string): Promise<GoogleIdentity | null> {
    try {
      const ticket = await client.verifySignedJwtWithCertsAsync(idToken, await certs(), clientId, GOOGLE_ISSUERS);
      const p = ticket.getPayload();
      if (!p?.sub || !p.email) return null;
      return { sub: p.sub, email: p.email.toLowerCase(), emailVerified: p.email_verified === true, name: p.name ?? '' };
    } catch {
      return null;
    }
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
