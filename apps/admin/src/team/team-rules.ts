import { isSuccess, messageOf } from '@chairline/data-provider';
import { canAccess, normalizeRole, type TeamMember, BARBER_ROLE, isBarber } from '@chairline/shared';
import { inTeamTab, type TeamTab } from '@chairline/shared/team-tabs';
import { invitationSent, TEAM_TEXTS } from './team-texts';
import { errorText } from '../common/error-text';

// The pure rules of the team screen, unit-tested.

export type { TeamTab };

/** The two tabs' lists (see inTeamTab): someone who manages and cuts hair is in both. */
export function splitTeam<T extends Pick<TeamMember, 'role'> & { cuts_hair?: boolean }>(members: readonly T[]): { managers: T[]; barbers: T[] } {
  return { managers: members.filter((m) => inTeamTab(m, 'managers')), barbers: members.filter((m) => inTeamTab(m, 'barbers')) };
}

export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** In the barbers tab members are created as employees; in the managers tab the form role, else manager. */
export function roleForSave(tab: TeamTab, formRole: string | null | undefined): string {
  if (tab === 'barbers') return BARBER_ROLE;
  return formRole ? normalizeRole(formRole) : 'manager';
}

export interface Outcome {
  ok: boolean;
  title?: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && value.length > 0) return value.map(String).join(' ');
  return undefined;
}

/**
 * A save reply: status 1 succeeds; a 2xx with another status shows its response text;
 * an HTTP error shows 'Error' with the response field, else the detail field, else
 * 'Request failed with status code {status}'.
 */
export function saveOutcome(reply: { status: number; body: unknown }, editing: boolean): Outcome {
  const body = isRecord(reply.body) ? reply.body : {};
  const ok = reply.status >= 200 && reply.status < 300;
  if (ok && body.status === 1) {
    if (editing) return { ok: true, message: TEAM_TEXTS.updated };
    const email = isRecord(body.response) ? text(body.response.uemail) : undefined;
    return { ok: true, message: email ? `${TEAM_TEXTS.added} ${invitationSent(email)}` : TEAM_TEXTS.added };
  }
  if (ok) return { ok: false, message: messageOf(reply, TEAM_TEXTS.error) };
  return { ok: false, title: TEAM_TEXTS.error, message: messageOf(reply) };
}

/** A save that got no reply: 'No response received from server', else the error's message. */
export function saveFailure(error: unknown): Outcome {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NetworkError' || error instanceof TypeError) return { ok: false, title: TEAM_TEXTS.error, message: TEAM_TEXTS.noResponse };
  return { ok: false, title: TEAM_TEXTS.error, message: errorText(error) };
}

/**
 * A data-provider command's answer as the reply the team texts are chosen from: a request the
 * server refused (the provider's HttpError, carrying status and body) is a result here, not a
 * failure; only a request that got no reply rejects.
 */
export async function replyOf(command: Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: { status: 1, response: await command } };
  } catch (error) {
    if (error instanceof Error && 'status' in error && typeof error.status === 'number' && 'body' in error) return { status: error.status, body: error.body };
    throw error;
  }
}

/** List, delete and password failures: the server's response text, else the error message. */
export function replyError(reply: { status: number; body: unknown }): string | null {
  return isSuccess(reply) ? null : messageOf(reply);
}

/** The booking URL input starts as 'http://'; the server reads a bare scheme as no link. */
export const BOOKING_URL_DEFAULT = 'http://';

export interface Viewer {
  role: string | null | undefined;
  /** The viewer's account email: their own row is the one with this uemail. */
  email: string;
}

export interface RowActions {
  edit: boolean;
  password: boolean;
  remove: boolean;
}

/**
 * The actions a row offers the viewer, mirroring what the server accepts (the server decides):
 * managers act on barbers only, admins on everyone; only the owner edits the owner's details or
 * password; nobody removes themselves or the owner; the shop's only admin is never removed.
 */
export function rowActions(viewer: Viewer, member: Pick<TeamMember, 'role' | 'uemail' | 'is_owner'>, adminCount: number): RowActions {
  const targetRole = normalizeRole(member.role);
  const mayManage = canAccess(normalizeRole(viewer.role), isBarber(targetRole) ? 'team.barbers' : 'team.managers');
  if (!mayManage) return { edit: false, password: false, remove: false };
  const self = member.uemail.toLowerCase() === viewer.email.toLowerCase();
  const ownerByOther = member.is_owner && !self;
  const lastAdmin = targetRole === 'admin' && adminCount <= 1;
  return { edit: !ownerByOther, password: !ownerByOther, remove: !self && !member.is_owner && !lastAdmin };
}
