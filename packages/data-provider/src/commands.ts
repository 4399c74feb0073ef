import type {
  AffiliateProfile,
  BarberStatus,
  CommissionRow,
  InvoiceListItem,
  InvoiceStatus,
  NextBarberReply,
  SessionUser,
  ShopSettings,
  TeamMember,
  Walkin,
  WalkinInput,
} from '@chairline/shared';
import type { Body, HttpClient, QueryParams } from './http-client.js';
import { expectSuccess, isRecord } from './messages.js';

/** `{status, response}` as the screens read it (status 1 = success, else response = message). */
export interface Envelope<T = unknown> {
  status: number;
  response: T;
}

export interface CreateInvoiceInput {
  customer: number | string;
  services: Array<number | string>;
  amount: number | string;
  description?: string;
  walkin_ticket_id?: number;
  barber_id?: number;
}

export type NextBarberData = NextBarberReply['response'];

/** A reply as an envelope even when the server answered an error (errors are results). */
function asEnvelope(body: unknown, status: number): Envelope {
  if (isRecord(body) && typeof body.status === 'number') return { status: body.status, response: body.response ?? body.detail ?? null };
  if (isRecord(body) && typeof body.detail === 'string') return { status: 0, response: body.detail };
  return { status: status >= 200 && status < 300 ? 1 : 0, response: body };
}

/**
 * Domain commands: each returns the parsed payload or throws an Error carrying the
 * server's message. The `…Envelope` ones return the `{status, response}` envelope for screens whose
 * texts depend on it (profile update, PIN).
 */
export function createCommands(http: HttpClient) {
  const call = async <T>(method: string, path: string, body?: Body, params?: QueryParams): Promise<T> =>
    expectSuccess<T>(await http.request(method, path, body, { params }));
  const envelope = async <T>(method: string, path: string, body?: Body): Promise<Envelope<T>> => {
    const result = await http.request(method, path, body);
    return asEnvelope(result.body, result.status) as Envelope<T>;
  };
  const walkin = (id: number, action: string, barberId?: number) =>
    call<Walkin>('POST', `/walkins/${id}/${action}/`, barberId ? { barber_id: barberId } : {});

  return {
    /** A generic call for endpoints without a named command. */
    call,
    // session
    getSessionUser: () => call<SessionUser | null>('GET', '/auth/get-user-data/'),
    getAffiliateProfile: () => call<AffiliateProfile>('GET', '/affiliate/profile/'),
    updateBarberProfile: (form: FormData) => envelope<string>('POST', '/update-barber-profile/', form),
    verifyPin: (pin: string) => envelope<string>('POST', '/verify-pin/', { pin }),
    // walk-ins
    getWalkins: (query: QueryParams = {}) => call<Walkin[]>('GET', '/walkins/', undefined, query),
    addWalkin: (input: WalkinInput) => call<Walkin>('POST', '/walkins/', input),
    callNext: (barberId?: number) => call<Walkin>('POST', '/walkins/call-next/', barberId ? { barber_id: barberId } : {}),
    callTicket: (id: number, barberId?: number) => walkin(id, 'call', barberId),
    startService: (id: number, barberId?: number) => walkin(id, 'start', barberId),
    completeService: (id: number) => walkin(id, 'complete'),
    markNoShow: (id: number) => walkin(id, 'no-show'),
    cancelWalkin: (id: number) => walkin(id, 'cancel'),
    /** Puts a called customer back in line, or undoes a cancel or no-show (the ticket takes back its place). */
    requeueWalkin: (id: number) => walkin(id, 'requeue'),
    // rotation
    getNextBarber: () => call<NextBarberData>('GET', '/get-next-barber/'),
    getRotation: () => call<NextBarberData>('GET', '/rotation/'),
    reorderRotation: (barberIds: number[], reason = '') => call<unknown>('POST', '/rotation/reorder/', { barber_ids: barberIds, reason }),
    setBarberStatus: (barberId: number, status: BarberStatus, reason = '') =>
      call<unknown>('POST', `/barbers/${barberId}/status/`, { status, reason }),
    // team
    getTeamMembers: () => call<TeamMember[]>('GET', '/team/team-members/'),
    saveTeamMember: (form: FormData, id?: number) =>
      id === undefined ? call<unknown>('POST', '/barbers/', form) : call<unknown>('PUT', `/barbers/${id}/`, form),
    deleteTeamMember: (id: number) => call<unknown>('DELETE', `/team/team-members/${id}/`),
    changeMemberPassword: (id: number, password: string) =>
      call<unknown>('POST', '/team/update-team-member-password/', { id, password }),
    // services, customers, invoices
    getServices: () => call<Array<{ id: number; name: string }>>('GET', '/services/'),
    getCustomers: (search?: string) =>
      call<Array<{ id: number; name: string; phone_number?: string | null }>>('GET', '/customers/', undefined, {
        page_size: 100,
        ordering: 'name',
        search,
      }),
    getMyInvoices: () => call<InvoiceListItem[]>('GET', '/billing/invoices-by-barber/'),
    createInvoice: (input: CreateInvoiceInput) => envelope<InvoiceListItem | string>('POST', '/billing/create-invoice/', input),
    setInvoiceStatus: (id: number, status: InvoiceStatus) => call<InvoiceListItem>('POST', `/invoices/${id}/status/`, { status }),
    getCommissions: (query: QueryParams = {}) => call<CommissionRow[]>('GET', '/invoices/commissions/', undefined, query),
    // shop
    getStats: () => call<unknown>('GET', '/stats/'),
    getShopSettings: () => call<ShopSettings>('GET', '/shop/settings/'),
    saveShopSettings: (body: object) => call<ShopSettings>('PUT', '/shop/settings/', body),
    uploadShopLogo: (form: FormData) => call<unknown>('POST', '/shop/settings/logo/', form),
  };
}

export type Commands = ReturnType<typeof createCommands>;
