import { planList, type Plan } from '@chairline/shared';
import { fail, INVALID_REPLY, listOf } from './api-contract.js';
import type { ApiResult } from './replies.js';

// The plans of the pricing page, read on the server only (the page has no island), so the shared
// zod schema checks them here.

export function readPlans(status: number, body: unknown): ApiResult<Plan[]> {
  if (status !== 200) return fail(status, body);
  const parsed = planList.safeParse(listOf(body));
  if (!parsed.success) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: parsed.data };
}
