import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env.js';
import type { PageScriptHashes } from './page-script-hashes.js';

/** Which front end a route's HTML belongs to; routes without it answer data (API, images, assets). */
export type PageKind = 'admin' | 'public-site';

declare module 'fastify' {
  interface FastifyContextConfig {
    page?: PageKind;
  }
}

type SetHeaders = (req: IncomingMessage, res: ServerResponse) => void;

/** The waiting-room TV page, the only page another site may frame (DISPLAY_FRAME_ANCESTORS). */
const DISPLAY_PAGE = /^\/(shop|store)\/[^/]+\/display\/?$/;
/** Pages whose address carries a secret (a ticket's token, a password-reset token). */
const SECRET_IN_URL = /^\/((shop|store)\/[^/]+\/ticket\/|reset-password)/;

/** Google Identity Services, loaded by the sign-in page when GOOGLE_CLIENT_ID is set. */
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

const NONE = "'none'";
const SELF = "'self'";

/**
 * The policy of an HTML page: only our own files, plus the inline scripts the build produced (by
 * hash, never 'unsafe-inline'). Styles allow 'unsafe-inline': the back office's MUI/emotion writes
 * <style> elements at run time and React islands set style attributes (sizes, colours), and
 * neither can carry a hash; a style cannot run code, so this does not open a script injection.
 */
function pageDirectives(scriptHashes: string[], frameAncestors: string[], google: boolean) {
  const googleOr = (...sources: string[]) => (google ? [...sources, GOOGLE_SIGN_IN] : sources);
  return {
    'default-src': [SELF],
    'script-src': [SELF, ...scriptHashes, ...(google ? [`${GOOGLE_SIGN_IN}client`] : [])],
    'script-src-attr': [NONE],
    'style-src': googleOr(SELF, "'unsafe-inline'"),
    // Uploaded photos and logos are ours; QR codes and image previews are data: and blob: URLs.
    'img-src': [SELF, 'data:', 'blob:'],
    'font-src': [SELF, 'data:'],
    'connect-src': googleOr(SELF),
    'frame-src': google ? [GOOGLE_SIGN_IN] : [NONE],
    'object-src': [NONE],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': frameAncestors.length > 0 ? frameAncestors : [NONE],
  };
}

/** Data answers (JSON, errors, images, scripts, event streams) run nothing and are framed by nobody. */
const DATA_DIRECTIVES = {
  'default-src': [NONE],
  'base-uri': [NONE],
  'form-action': [NONE],
  'frame-ancestors': [NONE],
};

export interface SecurityHeaders {
  /** Sets the headers of the response to this request (on the raw response, so a hijacked reply keeps them). */
  apply(request: FastifyRequest, res: ServerResponse): void;
  /** The headers of a data answer, for answers given before routing (a malformed URL). */
  applyData(req: IncomingMessage, res: ServerResponse): void;
}

export function buildSecurityHeaders(config: Config, hashes: PageScriptHashes): SecurityHeaders {
  const https = config.publicUrl.startsWith('https:');
  const common: HelmetOptions = {
    // Browsers keep to https for a year once they have seen the site over https; over plain http
    // (a shop's local network) the header would be meaningless, so it is only sent for https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Cross-site requests carry our origin at most, never a path (ticket links hold their token).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
  const make = (options: HelmetOptions): SetHeaders => {
    // One object per policy, built once: the options only ever set helmet's current option names.
    const middleware = helmet({ ...common, ...options } as HelmetOptions);
    return (req, res) => middleware(req, res, () => undefined);
  };
  const csp = (directives: Record<string, string[]>) => ({ contentSecurityPolicy: { useDefaults: false, directives } }) as const;
  const google = Boolean(config.googleClientId);
  const frameAncestors = config.displayFrameAncestors;

  const data = make(csp(DATA_DIRECTIVES));
  const admin = make({
    ...csp(pageDirectives(hashes.admin, [], google)),
    // Google's sign-in opens a pop-up that reports back to the page that opened it.
    crossOriginOpenerPolicy: { policy: google ? 'same-origin-allow-popups' : 'same-origin' },
  });
  const publicSite = make(csp(pageDirectives(hashes.publicSite, [], false)));
  const display = make({
    ...csp(pageDirectives(hashes.publicSite, frameAncestors, false)),
    // X-Frame-Options cannot name several sites; frame-ancestors is the rule browsers follow.
    xFrameOptions: frameAncestors.length > 0 ? false : { action: 'deny' },
  });

  return {
    apply(request, res) {
      const path = request.url.split('?')[0] ?? '/';
      const page = request.routeOptions.config?.page;
      if (page === 'admin') admin(request.raw, res);
      else if (page === 'public-site') (DISPLAY_PAGE.test(path) ? display : publicSite)(request.raw, res);
      else data(request.raw, res);
      if (page && SECRET_IN_URL.test(path)) res.setHeader('referrer-policy', 'no-referrer');
    },
    applyData: data,
  };
}

/** Security headers on every response of the app: API, errors, uploads, both front ends, event streams. */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders) {
  app.addHook('onRequest', (request, reply, done) => {
    headers.apply(request, reply.raw);
    done();
  });
}
