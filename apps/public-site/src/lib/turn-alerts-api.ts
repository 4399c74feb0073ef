import { turnAlertReply, type TurnAlertInput, type TurnAlertSettings } from '@chairline/shared';
import { NETWORK_ERROR, replyMessage, type ApiResult } from './replies.js';

// The ticket's turn-alert choice: GET, PUT and DELETE /api/check-in/{token}/alerts/, each answering
// the current choice; replies are checked against the shared contract before the page uses them.

const INVALID_REPLY = 'The shop answered in an unexpected way. Please try again.';

export const alertsPath = (token: string) => `/api/check-in/${encodeURIComponent(token)}/alerts/`;

export function readAlertSettings(status: number, body: unknown): ApiResult<TurnAlertSettings> {
  if (status < 200 || status >= 300) return { ok: false, status, message: replyMessage(body) };
  const parsed = turnAlertReply.safeParse(body);
  if (!parsed.success) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: parsed.data.response };
}

async function call(token: string, method: 'GET' | 'PUT' | 'DELETE', input?: TurnAlertInput): Promise<ApiResult<TurnAlertSettings>> {
  try {
    const reply = await fetch(alertsPath(token), {
      method,
      headers: { accept: 'application/json', ...(input ? { 'content-type': 'application/json' } : {}) },
      body: input ? JSON.stringify(input) : undefined,
      cache: 'no-store',
    });
    const text = await reply.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON error page: replyMessage reads it as text.
    }
    return readAlertSettings(reply.status, body);
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR };
  }
}

export const fetchAlerts = (token: string) => call(token, 'GET');
export const saveAlerts = (token: string, input: TurnAlertInput) => call(token, 'PUT', input);
export const turnOffAlerts = (token: string) => call(token, 'DELETE');
