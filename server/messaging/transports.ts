// How a message leaves: nodemailer over SMTP or an .eml file; the Twilio SDK or a record only.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { DEFAULT_CONCURRENCY, type MessagingConfig, type TwilioSettings } from './config';

export interface OutgoingMessage {
  id: number;
  recipient: string;
  recipientName: string | null;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  idempotencyKey: string;
  /** Email only: a file sent with it. */
  attachmentName?: string | null;
  attachment?: Uint8Array | null;
}

/** What the provider said: its message id, or a note when nothing went to a provider. */
export interface SendResult {
  providerMessageId: string | null;
  note: string | null;
}

export interface Transports {
  email(message: OutgoingMessage): Promise<SendResult>;
  sms(message: OutgoingMessage): Promise<SendResult>;
  close(): void;
}

export const SMS_NOT_CONFIGURED = 'not sent: SMS not configured';

function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'levelup.local';
}

/**
 * One Message-ID per message, the same on every attempt: a receiver (and the tests, which count by it)
 * can tell a repeated delivery from two messages.
 */
export function messageIdOf(message: Pick<OutgoingMessage, 'id' | 'idempotencyKey'>, from: string): string {
  const key = message.idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '-').slice(0, 64);
  return `<levelup.${message.id}.${key}@${domainOf(from)}>`;
}

/** The Twilio SDK's request client, sending to another origin (TWILIO_API_URL) with the same paths. */
class RedirectedRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super();
  }
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    const to = new URL(this.origin);
    uri.protocol = to.protocol;
    uri.host = to.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

function twilioClient(settings: TwilioSettings) {
  return twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiUrl ? new RedirectedRequestClient(settings.apiUrl) : undefined,
  });
}

/**
 * SMTP_URL with `pool=true&maxConnections=n` unless it sets them: nodemailer reads a URL's options from
 * its query only (a second createTransport argument is message defaults, not options), and without a
 * pool every email opens a connection of its own (~100 ms more each over loopback). One connection per
 * message the worker sends at a time: a lane never waits for another's exchange.
 */
export function pooledSmtpUrl(smtpUrl: string, maxConnections: number, timeoutSeconds = 15): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', String(maxConnections));
  // One exchange never outlasts MESSAGE_SEND_TIMEOUT_SECONDS (nodemailer's socket default is 10 minutes):
  // past it plus 5 s a SENDING message counts as left by a dead worker (deliver.ts).
  const ms = String(Math.round(timeoutSeconds * 1000));
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!url.searchParams.has(name)) url.searchParams.set(name, ms);
  return url.href;
}

export function createTransports(config: MessagingConfig): Transports {
  const smtp: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(
        pooledSmtpUrl(
          config.smtpUrl,
          Math.max(1, config.concurrency ?? DEFAULT_CONCURRENCY),
          config.sendTimeoutSeconds,
        ),
      )
    : undefined;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sms = config.twilio ? twilioClient(config.twilio) : undefined;

  const mailOf = (message: OutgoingMessage) => ({
    from: config.mailFrom,
    to: message.recipientName ? { name: message.recipientName, address: message.recipient } : message.recipient,
    subject: message.subject ?? '',
    text: message.bodyText,
    html: message.bodyHtml ?? undefined,
    messageId: messageIdOf(message, config.mailFrom),
    attachments:
      message.attachmentName && message.attachment
        ? [{ filename: message.attachmentName, content: Buffer.from(message.attachment) }]
        : undefined,
  });

  return {
    async email(message) {
      const mail = mailOf(message);
      if (smtp) {
        const info = await smtp.sendMail(mail);
        return { providerMessageId: info.messageId ?? mail.messageId, note: null };
      }
      const info = await files.sendMail(mail);
      mkdirSync(config.mailDir, { recursive: true });
      const file = path.join(config.mailDir, `message-${message.id}.eml`);
      writeFileSync(file, info.message as Buffer);
      return { providerMessageId: mail.messageId, note: `not sent: no SMTP_URL; written to ${file}` };
    },
    async sms(message) {
      if (!sms || !config.twilio) return { providerMessageId: null, note: SMS_NOT_CONFIGURED };
      const sent = await sms.messages.create({
        to: message.recipient,
        from: config.twilio.from,
        body: message.bodyText,
      });
      return { providerMessageId: sent.sid, note: null };
    },
    close() {
      smtp?.close();
    },
  };
}
