import { formatInShopZone } from '@chairline/shared';
import type { ChairlineDataProvider } from '@chairline/data-provider';

/** Opens the Stripe Billing Portal (card, invoices, cancel at period end, resume) for the shop. */
export async function openBillingPortal(dataProvider: Pick<ChairlineDataProvider, 'getBillingPortalUrl'>): Promise<void> {
  window.location.assign(await dataProvider.getBillingPortalUrl());
}

/** "12 December": how the trial and grace notices name a day (the shop's day). */
export const dayMonth = (iso: string, timeZone: string | undefined) => formatInShopZone(iso, timeZone, 'd MMMM');
/** "12 December 2026": renewal and end dates on the billing screen (the shop's day). */
export const fullDate = (iso: string | null, timeZone: string | undefined) => (iso ? formatInShopZone(iso, timeZone, 'd MMMM yyyy') : '—');
