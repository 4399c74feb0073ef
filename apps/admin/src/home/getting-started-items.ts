import type { GettingStartedItem } from '@chairline/shared';
import { ADMIN_PATHS } from '@chairline/shared/routes';

export interface ChecklistStep {
  label: string;
  hint: string;
  /** The screen that does the step; `external` ones open in a new tab (the public check-in page). */
  to: (shopUsername: string) => string;
  action: string;
  external?: boolean;
}

/** What each step of the setup checklist says and where it leads. */
export const CHECKLIST_STEPS: Record<GettingStartedItem, ChecklistStep> = {
  hours: {
    label: 'Set your time zone and opening hours',
    hint: 'Customers can check in only while you are open.',
    to: () => ADMIN_PATHS.shopSettings,
    action: 'Open settings',
  },
  services: {
    label: 'Add your services',
    hint: 'Names, prices and times, so customers can pick and the wait is estimated.',
    to: () => ADMIN_PATHS.newService,
    action: 'Add a service',
  },
  barbers: {
    label: 'Add your barbers',
    hint: 'Invite the people who cut hair, or tell us you work alone.',
    to: () => ADMIN_PATHS.team,
    action: 'Open team',
  },
  booking_links: {
    label: 'Add a booking link',
    hint: 'A Booksy, Square or Calendly link on a team member lets customers book ahead.',
    to: () => ADMIN_PATHS.team,
    action: 'Open team',
  },
  poster: {
    label: 'Print your check-in poster',
    hint: 'A QR code for the door: customers scan it to join the line.',
    to: () => ADMIN_PATHS.poster,
    action: 'Open poster',
  },
  test_check_in: {
    label: 'Do a test check-in',
    hint: 'Join your own line from the public page, then see it on Walk-ins.',
    to: (shopUsername) => `/shop/${encodeURIComponent(shopUsername)}`,
    action: 'Open check-in page',
    external: true,
  },
};
