import { canAccess, type Action, type Role } from '@chairline/shared';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { TokenService } from '../modules/auth/tokens.js';
import { affiliateSessionState, userSessionState } from '../modules/auth/tokens-repository.js';
import { isOperator } from '../modules/affiliates/operator-service.js';
import { forbidden, unauthorized } from './errors.js';
import type { Principal } from './types.js';

/** One registered /api route and who may call it; the role × endpoint test walks this table. */
export interface RouteRule {
  method: string;
  url: string;
  access: Action;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteRule[];
  }
}

/**
 * The caller of a bearer token. The account is read on every request (one query, with the token
 * version and whether the token's session was ended), so a changed role, a removed member, a
 * logout and a password change take effect at once rather than when the access token expires.
 */
async function loadPrincipal(db: Database, tokens: TokenService, header: string | undefined): Promise<Principal | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await tokens.verifyAccess(header.slice('Bearer '.length).trim());
  if (!claims) return null;
  const { subject, version, sessionId } = claims;
  if (subject.kind === 'affiliate') {
    const found = await affiliateSessionState(db, subject.id, sessionId ?? null);
    if (!found || found.token_version !== version || found.session_ended) return null;
    return { kind: 'affiliate', affiliateId: subject.id, sessionId };
  }
  const m = await userSessionState(db, subject.id, sessionId ?? null);
  if (!m || m.token_version !== version || m.session_ended) return null;
  return { kind: 'user', userId: subject.id, shopId: m.shop_id, membershipId: m.id, role: m.role, sessionId };
}

export function roleOf(principal: Principal | null): Role {
  if (!principal) return 'visitor';
  return principal.kind === 'affiliate' ? 'affiliate' : principal.role;
}

/**
 * Every /api route must say who may call it (`config.access`); a route without a rule stops the
 * server from starting. Each request is then checked with the shared canAccess.
 */
export function registerAccessControl(app: FastifyInstance, db: Database, tokens: TokenService) {
  app.decorateRequest('principal', null);
  const table: RouteRule[] = [];
  app.decorate('routeTable', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access rule (config.access).`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    request.principal = await loadPrincipal(db, tokens, request.headers.authorization);
    if (access === 'public') return;
    if (!request.principal) throw unauthorized();
    if (access === 'operator') {
      const p = request.principal;
      if (p.kind !== 'user' || !(await isOperator(db, p.userId, app.config.operatorEmails))) throw forbidden();
      return;
    }
    if (!canAccess(roleOf(request.principal), access)) throw forbidden();
  });
}

/** The signed-in shop user of a route whose access rule admits only shop staff. */
export function staffOf(principal: Principal | null) {
  if (principal?.kind !== 'user') throw unauthorized();
  return principal;
}
