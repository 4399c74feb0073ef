// The shared schemas the commands check replies with, in a module of their own that the caller
// loads on first use (beside the request): zod and the schemas stay out of the sign-in pages' and
// the shell's first download.
export {
  affiliateAnalytics,
  affiliatePayouts,
  affiliateProfile,
  appointment,
  billingDetails,
  calendarEntry,
  commissionSettings,
  customer,
  customerImportResult,
  gettingStarted,
  operatorOverview,
  payoutRecord,
  planList,
  publicBarber,
  redirectReply,
  referralClickReply,
  service,
  shopSettings,
  shopStats,
  stripeInvoice,
  subscribeReply,
  supportMessage,
  walkinPause,
} from '@chairline/shared';
