import type { AffiliateProfileUpdate, ClickRequest } from '@chairline/shared';
import type { Caller } from './call.js';

/** A range of days, `YYYY-MM-DD`, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The affiliate's own area, and the operator's view of every affiliate and payout. */
export function affiliateCommands({ call, parsed, download }: Caller) {
  return {
    getAffiliateProfile: () => parsed((s) => s.affiliateProfile, 'GET', '/affiliate/profile/'),
    updateAffiliateProfile: (update: AffiliateProfileUpdate) => parsed((s) => s.affiliateProfile, 'PUT', '/affiliate/profile/', update),
    /** The server's confirmation text. */
    changeAffiliatePassword: (currentPassword: string, newPassword: string) =>
      call<string>('POST', '/affiliate/profile/password/', { current_password: currentPassword, new_password: newPassword }),
    /** Without a range the server answers its default period. */
    getAffiliateAnalytics: (range?: DayRange) =>
      parsed((s) => s.affiliateAnalytics, 'GET', '/affiliate/analytics/', undefined, { params: range ? { from: range.from, to: range.to } : {} }),
    exportAffiliateAnalytics: (range: DayRange) =>
      download('/affiliate/analytics/export/', { from: range.from, to: range.to }, `affiliate-analytics-${range.from}-${range.to}.csv`),
    getAffiliatePayouts: () => parsed((s) => s.affiliatePayouts, 'GET', '/affiliate/payouts/'),
    requestPayout: () => parsed((s) => s.payoutRecord, 'POST', '/affiliate/payouts/'),
    exportAffiliatePayouts: () => download('/affiliate/payouts/export/', undefined, 'affiliate-payouts.csv'),
    /** A visit through a referral link; public, so it counts before anyone signs in. */
    recordReferralClick: (click: ClickRequest) => parsed((s) => s.referralClickReply, 'POST', '/affiliate/clicks/', click, { public: true }),
    // operator
    getOperatorOverview: () => parsed((s) => s.operatorOverview, 'GET', '/operator/affiliates/'),
    setAffiliateRate: (affiliateId: number, rate: { commission_percent: number; commission_months: number }) =>
      call<string>('PUT', `/operator/affiliates/${affiliateId}/rate/`, rate),
    markPayoutPaid: (payoutId: number, reference: string) => call<string>('POST', `/operator/payouts/${payoutId}/paid/`, { reference }),
    rejectPayout: (payoutId: number, reason: string) => call<string>('POST', `/operator/payouts/${payoutId}/reject/`, { reason }),
  };
}
