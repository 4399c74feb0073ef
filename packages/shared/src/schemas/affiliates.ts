import { z } from 'zod';
import { email, password, personName } from './common.js';

export const affiliateSignupBody = z.object({ name: personName, email, password });

export const affiliateProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  referral_code: z.string(),
  commission_percent: z.number(),
  payout_email: z.string().nullable(),
  created_at: z.string(),
  is_affiliate: z.literal(true),
});
export type AffiliateProfile = z.infer<typeof affiliateProfile>;

export const affiliateLoginReply = z.object({ access: z.string(), refresh: z.string(), user: affiliateProfile });
