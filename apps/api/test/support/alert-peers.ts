import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * Local peers speaking the real protocols of the turn-alert channels, on 127.0.0.1: a web push
 * service, Twilio's Messages REST API, and an SMTP server. Each records what it received and
 * can be told to fail the next requests.
 */

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

// ---------- web push ----------

export interface PushRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A browser's subscription: its own P-256 key pair and auth secret, so tests can decrypt what arrives. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface PushService {
  url: string;
  received: PushRequest[];
  /** The next answers' statuses (then 201 again). */
  failNext(...statuses: number[]): void;
  subscription(): BrowserSubscription;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: PushRequest[] = [];
  const failures: number[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      res.statusCode = failures.shift() ?? 201;
      res.end();
    });
  });
  const port = await listen(server);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    received,
    failNext: (...statuses) => failures.push(...statuses),
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${url}/push/${randomBytes(8).toString('hex')}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
    },
    close: () => closeServer(server),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm web push body (RFC 8188 and RFC 8291) with the browser's private key. */
export function decryptPush(body: Buffer, sub: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(sub.authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  return plain.subarray(0, end).toString('utf8');
}

// ---------- Twilio ----------

export interface TwilioMessage {
  accountSid: string;
  authorization: string;
  To: string;
  From: string;
  Body: string;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  messages: TwilioMessage[];
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

/** Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth). */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const messages: TwilioMessage[] = [];
  const failures: number[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.method !== 'POST' || !match) {
        res.statusCode = 404;
        res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      if (req.headers.authorization !== expectedAuth) {
        res.statusCode = 401;
        res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
        return;
      }
      const failure = failures.shift();
      if (failure) {
        res.statusCode = failure;
        res.end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: failure }));
        return;
      }
      const form = new URLSearchParams(raw.toString('utf8'));
      const message = {
        accountSid: match[1] ?? '',
        authorization: req.headers.authorization ?? '',
        To: form.get('To') ?? '',
        From: form.get('From') ?? '',
        Body: form.get('Body') ?? '',
      };
      messages.push(message);
      res.statusCode = 201;
      res.end(
        JSON.stringify({
          sid: `SM${randomBytes(16).toString('hex')}`,
          account_sid: message.accountSid,
          to: message.To,
          from: message.From,
          body: message.Body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${message.accountSid}/Messages/SMx.json`,
        }),
      );
    });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    messages,
    failNext: (...statuses) => failures.push(...statuses),
    close: () => closeServer(server),
  };
}

// ---------- SMTP ----------

export interface SmtpMessage {
  from: string;
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  url: string;
  messages: SmtpMessage[];
  close(): Promise<void>;
}

/** A plain SMTP server (no TLS, no auth) that keeps every message it accepts. */
export async function startSmtp(): Promise<LocalSmtp> {
  const messages: SmtpMessage[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
