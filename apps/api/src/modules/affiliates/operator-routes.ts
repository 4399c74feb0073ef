// Reading who the operator is is one query: the routes call the repository for it directly.
import { affiliateRateBody, envelope, MAX_ID, operatorOverview, payoutPaidBody, payoutRejectedBody } from '@chairline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../http/errors.js';
import type { Principal } from '../../http/types.js';
import { userEmail } from './operator-repository.js';
import { decidePayout, overview, setRate, type Operator } from './operator-service.js';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });
const done = envelope(z.string());

/**
 * The operator console's API: platform operators (OPERATOR_EMAILS) see every affiliate and pay
 * them. The access hook has already checked the caller is an operator; this reads who it is.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const config = { access: 'operator' } as const;
  const tags = ['operator'];
  const operatorOf = async (principal: Principal | null): Promise<Operator> => {
    if (principal?.kind !== 'user') throw unauthorized();
    const row = await userEmail(app.db, principal.userId);
    if (!row) throw unauthorized();
    return { userId: principal.userId, email: row.email };
  };

  app.get('/operator/affiliates/', { config, schema: { tags, response: { 200: envelope(operatorOverview) } } }, async () => ({
    status: 1 as const,
    response: await overview(app.db, now()),
  }));

  app.put(
    '/operator/affiliates/:id/rate/',
    { config, schema: { tags, params: idParams, body: affiliateRateBody, response: { 200: done } } },
    async (req) => {
      await setRate(app.db, await operatorOf(req.principal), req.params.id, req.body);
      return { status: 1 as const, response: 'The commission rate has been changed.' };
    },
  );

  app.post(
    '/operator/payouts/:id/paid/',
    { config, schema: { tags, params: idParams, body: payoutPaidBody, response: { 200: done } } },
    async (req) => {
      await decidePayout(app.db, await operatorOf(req.principal), req.params.id, { status: 'paid', reference: req.body.reference }, now());
      return { status: 1 as const, response: 'The payout is marked paid.' };
    },
  );

  app.post(
    '/operator/payouts/:id/reject/',
    { config, schema: { tags, params: idParams, body: payoutRejectedBody, response: { 200: done } } },
    async (req) => {
      await decidePayout(app.db, await operatorOf(req.principal), req.params.id, { status: 'rejected', reason: req.body.reason }, now());
      return { status: 1 as const, response: 'The payout is rejected; the amount is back in the balance.' };
    },
  );
};
