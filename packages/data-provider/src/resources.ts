import type { RaRecord } from 'ra-core';
import { CUSTOMER_ORDERING } from '@chairline/shared/constants';
import { inTeamTab, isTeamTab } from '@chairline/shared/team-tabs';

/** How a react-admin resource maps onto the /api contract. */
export interface ResourceConfig {
  /** List and create path. */
  path: string;
  /** Path of one record; default `${path}${id}/`. */
  one?: (id: string | number) => string;
  /** Create path when it differs from the list path. */
  createPath?: string;
  /** Update path when it differs from `one`. */
  updatePath?: (id: string | number) => string;
  updateMethod?: 'PUT' | 'PATCH';
  /** Fields the server may sort by; other sort fields are not sent (the server's order applies). */
  orderable?: readonly string[];
  /** Send pagination to the server (`page`, `page_size`); otherwise paginate the full list here. */
  serverPaged: boolean;
  /** Whether the server accepts `search` (react-admin's `q` filter). */
  search?: boolean;
  /** Create and update as multipart (the team form carries a photo). */
  multipart?: boolean;
  public?: boolean;
  /** No endpoint for one record: read it from the list. */
  oneFromList?: boolean;
  /** Filters of a resource paginated here that are not plain field equality, by filter name. */
  clientFilters?: Record<string, (record: RaRecord, value: unknown) => boolean>;
}

const oneOf = (base: string) => (id: string | number) => `${base}${encodeURIComponent(String(id))}/`;

// Not server-paged: the endpoint returns the whole team by contract (a shop's staff is small).
const teamMembers: ResourceConfig = {
  path: '/team/team-members/',
  createPath: '/barbers/',
  updatePath: oneOf('/barbers/'),
  serverPaged: false,
  multipart: true,
  oneFromList: true,
  clientFilters: { tab: (r, tab) => !isTeamTab(tab) || inTeamTab({ role: r.role as unknown, cuts_hair: r.cuts_hair as unknown }, tab) },
};

export const RESOURCES: Record<string, ResourceConfig> = {
  walkins: { path: '/walkins/', orderable: ['checked_in_at', 'id', 'status'], serverPaged: true, search: true },
  appointments: { path: '/appointments/', serverPaged: true },
  services: { path: '/services/', serverPaged: false },
  customers: { path: '/customers/', orderable: CUSTOMER_ORDERING, serverPaged: true, search: true },
  // The server orders invoices newest first and takes no ordering; it sends at most 100 a page.
  invoices: { path: '/invoices/', orderable: [], serverPaged: true },
  team: teamMembers,
  barbers: teamMembers,
  plans: { path: '/subscription/plans/', serverPaged: false, public: true, oneFromList: true },
};

export function resourceConfig(resource: string): ResourceConfig {
  const config = RESOURCES[resource];
  if (!config) throw new Error(`Unknown resource: ${resource}`);
  return config;
}

export const onePath = (config: ResourceConfig, id: string | number) => (config.one ?? oneOf(config.path))(id);
