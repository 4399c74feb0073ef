import type { TurnAlertInput, TurnAlertSettings } from '@chairline/shared';
import { attempt, call } from './public-api.js';
import { replyMessage, type ApiResult } from './replies.js';
import { turnAlertReply } from './reply-shapes.js';

// The ticket's turn-alert choice: GET, PUT and DELETE /api/check-in/{token}/alerts/, each answering
// the current choice; replies are checked against the shared contract before the page uses them.

const INVALID_REPLY = 'The shop answered in an unexpected way. Please try again.';

export const alertsPath = (token: string) => `/api/check-in/${encodeURIComponent(token)}/alerts/`;

export function readAlertSettings(status: number, body: unknown): ApiResult<TurnAlertSettings> {
  if (status < 200 || status >= 300) return { ok: false, status, message: replyMessage(body) };
  if (!turnAlertReply(body)) return { ok: false, status: 502, message: INVALID_REPLY };
  return { ok: true, data: body.response };
}

const request = (token: string, method: 'GET' | 'PUT' | 'DELETE', input?: TurnAlertInput): Promise<ApiResult<TurnAlertSettings>> =>
  attempt(async () => {
    const { status, body } = await call(alertsPath(token), { method, body: input ? JSON.stringify(input) : undefined });
    return readAlertSettings(status, body);
  });

export const fetchAlerts = (token: string) => request(token, 'GET');
export const saveAlerts = (token: string, input: TurnAlertInput) => request(token, 'PUT', input);
export const turnOffAlerts = (token: string) => request(token, 'DELETE');
