import type { FastifyBaseLogger } from 'fastify';

export interface Sms {
  /** E.164. Never logged. */
  to: string;
  body: string;
  /** Named in logs instead of the number. */
  ticketId: number;
}

/** Where text messages go: Twilio when configured, else only a log line. */
export interface SmsProvider {
  /** Whether texts really leave the server (the page offers SMS only then). */
  readonly real: boolean;
  send(sms: Sms): Promise<void>;
}

/** Without a provider: logs that a text would go to ticket N, never the number or the text. */
export function logOnlySms(log: FastifyBaseLogger): SmsProvider {
  return {
    real: false,
    async send(sms) {
      log.info({ ticket: sms.ticketId }, `SMS for ticket ${sms.ticketId} not sent: no SMS provider is configured (TWILIO_*)`);
    },
  };
}
