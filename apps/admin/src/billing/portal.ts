import { apiSend } from '../settings/api';

/** Opens the Stripe Billing Portal (card, invoices, cancel at period end, resume) for the shop. */
export async function openBillingPortal(): Promise<void> {
  const { url } = await apiSend<{ url: string }>('post', '/billing/portal/');
  window.location.assign(url);
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long' });
const FULL_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "12 December": how the trial and grace notices name a day. */
export const dayMonth = (iso: string) => DAY_MONTH.format(new Date(iso));
/** "12 December 2026": renewal and end dates on the billing screen. */
export const fullDate = (iso: string | null) => (iso ? FULL_DATE.format(new Date(iso)) : '—');
