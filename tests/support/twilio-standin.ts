// A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json), for the
// real Twilio SDK pointed at it with TWILIO_API_URL. It checks the SDK's basic auth and keeps each SMS.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  close(): Promise<void>;
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
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
