import { canAccess, type Action, type Role } from '@chairline/shared';
import type { FastifyInstance } from 'fastify';
import { one } from '../db/database.js';
import type { Database } from '../db/database.js';
import type { TokenService } from '../modules/auth/tokens.js';
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

async function loadPrincipal(db: Database, tokens: TokenService, header: string | undefined): Promise<Principal | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const subject = await tokens.verifyAccess(header.slice('Bearer '.length).trim());
  if (!subject) return null;
  if (subject.kind === 'affiliate') {
    const found = await one(db, 'SELECT id FROM affiliates WHERE id = $1', [subject.id]);
    return found ? { kind: 'affiliate', affiliateId: subject.id } : null;
  }
  // The membership is read on every request, so a changed role or a removed member takes effect at once.
  const m = await one<{ id: number; shop_id: number; role: 'admin' | 'manager' | 'employee' }>(
    db,
    'SELECT id, shop_id, role FROM memberships WHERE user_id = $1',
    [subject.id],
  );
  return m ? { kind: 'user', userId: subject.id, shopId: m.shop_id, membershipId: m.id, role: m.role } : null;
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
    if (!canAccess(roleOf(request.principal), access)) throw forbidden();
  });
}

/** The signed-in shop user of a route whose access rule admits only shop staff. */
export function staffOf(principal: Principal | null) {
  if (principal?.kind !== 'user') throw unauthorized();
  return principal;
}
