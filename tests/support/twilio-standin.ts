// A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json), for the
// real Twilio SDK pointed at it with TWILIO_API_URL. It checks the SDK's basic auth and keeps each SMS.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  sid: string;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  received: ReceivedSms[];
  /** While set, every request is answered with this Twilio error (e.g. 21211, invalid To). */
  failWith: { status: number; code: number; message: string } | null;
  /**
   * Like Twilio when someone replies to the centre's number: posts the inbound SMS to the app's webhook
   * (`${baseUrl}/api/sms/inbound`), form-encoded, signed as Twilio signs it (the SDK's
   * getExpectedTwilioSignature over `appUrl` + path and the form, with this stand-in's auth token).
   */
  sendInbound(options: InboundOptions): Promise<InboundReply>;
  close(): Promise<void>;
}

export interface InboundOptions {
  /** Where the app listens (http://127.0.0.1:port). */
  baseUrl: string;
  /** The app's public address, APP_URL, which Twilio signs; baseUrl when omitted. */
  appUrl?: string;
  from: string;
  body: string;
  to?: string;
  /** Sign with this auth token instead of the stand-in's (a forged request); null: no signature. */
  authToken?: string | null;
}

export interface InboundReply {
  status: number;
  contentType: string | null;
  text: string;
}

/** The form Twilio posts for an inbound SMS (the fields it always sends). */
export function inboundSmsForm(accountSid: string, from: string, to: string, body: string): Record<string, string> {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  return {
    ToCountry: 'CA',
    ToState: 'ON',
    SmsMessageSid: sid,
    NumMedia: '0',
    SmsSid: sid,
    SmsStatus: 'received',
    Body: body,
    FromCountry: 'CA',
    To: to,
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: accountSid,
    From: from,
    ApiVersion: '2010-04-01',
  };
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const state = { received: [] as ReceivedSms[], failWith: null as TwilioStandIn['failWith'] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !path) return reply(404, { code: 20404, message: 'Not found', status: 404 });
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || path[1] !== accountSid)
        return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (state.failWith) return reply(state.failWith.status, { ...state.failWith, more_info: '' });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const sms: ReceivedSms = {
        accountSid: path[1],
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        sid: `SM${randomBytes(16).toString('hex')}`,
      };
      state.received.push(sms);
      reply(201, {
        sid: sms.sid,
        account_sid: accountSid,
        to: sms.to,
        from: sms.from,
        body: sms.body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sendInbound = async (options: InboundOptions): Promise<InboundReply> => {
    const path = '/api/sms/inbound';
    const form = inboundSmsForm(accountSid, options.from, options.to ?? '+15005550006', options.body);
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const token = options.authToken === undefined ? authToken : options.authToken;
    const signedUrl = `${(options.appUrl ?? options.baseUrl).replace(/\/+$/, '')}${path}`;
    if (token !== null) headers['X-Twilio-Signature'] = twilio.getExpectedTwilioSignature(token, signedUrl, form);
    const reply = await fetch(`${options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(form).toString(),
    });
    return { status: reply.status, contentType: reply.headers.get('content-type'), text: await reply.text() };
  };
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    sendInbound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
