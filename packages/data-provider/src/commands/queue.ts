import type { BarberStatus, InvoiceListItem, NextBarberReply, TeamMember, Walkin, WalkinInput } from '@chairline/shared';
import type { QueryParams } from '../http-client.js';
import type { Caller } from './call.js';

export interface CreateInvoiceInput {
  customer: number | string;
  services: Array<number | string>;
  amount: number | string;
  description?: string;
  walkin_ticket_id?: number;
  barber_id?: number;
}

export type NextBarberData = NextBarberReply['response'];

/**
 * The walk-in queue, the rotation, the team and the barber's own screens. The `…Envelope` ones
 * return the `{status, response}` envelope for screens whose texts depend on it (profile update, PIN).
 */
export function queueCommands({ call, parsed, envelope }: Caller) {
  const walkin = (id: number, action: string, barberId?: number) =>
    call<Walkin>('POST', `/walkins/${id}/${action}/`, barberId ? { barber_id: barberId } : {});

  return {
    // the barber's own
    updateBarberProfile: (form: FormData) => envelope<string>('POST', '/update-barber-profile/', form),
    verifyPin: (pin: string) => envelope<string>('POST', '/verify-pin/', { pin }),
    createInvoice: (input: CreateInvoiceInput) => envelope<InvoiceListItem | string>('POST', '/billing/create-invoice/', input),
    // walk-ins
    getWalkins: (query: QueryParams = {}) => call<Walkin[]>('GET', '/walkins/', undefined, { params: query }),
    addWalkin: (input: WalkinInput) => call<Walkin>('POST', '/walkins/', input),
    callNext: (barberId?: number) => call<Walkin>('POST', '/walkins/call-next/', barberId ? { barber_id: barberId } : {}),
    callTicket: (id: number, barberId?: number) => walkin(id, 'call', barberId),
    startService: (id: number, barberId?: number) => walkin(id, 'start', barberId),
    completeService: (id: number) => walkin(id, 'complete'),
    markNoShow: (id: number) => walkin(id, 'no-show'),
    cancelWalkin: (id: number) => walkin(id, 'cancel'),
    /** Puts a called customer back in line, or undoes a cancel or no-show (the ticket takes back its place). */
    requeueWalkin: (id: number) => walkin(id, 'requeue'),
    getWalkinPause: () => parsed((s) => s.walkinPause, 'GET', '/walkins/pause/'),
    /** Customers cannot check in online or at the kiosk until resumed; they see the reason. */
    pauseWalkins: (reason: string) => parsed((s) => s.walkinPause, 'POST', '/walkins/pause/', { reason }),
    resumeWalkins: () => parsed((s) => s.walkinPause, 'POST', '/walkins/resume/'),
    // rotation
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
  };
}
