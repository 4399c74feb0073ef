import type { Action, StaffRole } from '@chairline/shared';
import type { ErrorShape } from './errors.js';

/** Who is calling, once the bearer token is checked and the membership loaded; sessionId is its refresh family. */
export type Principal =
  | { kind: 'user'; userId: number; shopId: number; membershipId: number; role: StaffRole; sessionId?: string }
  | { kind: 'affiliate'; affiliateId: number; sessionId?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every /api route: who may call it (packages/shared canAccess). */
    access?: Action;
    errorShape?: ErrorShape;
    /**
     * The route's writes publish a queue event for every change they make (ticket and rotation
     * writes), which every cache hears: the catch-all "this shop changed" signal sent after other
     * staff writes is not sent after these (it would also drop the kept line of waits, which
     * follows these events one by one).
     */
    announcedByQueueEvents?: true;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
