// Email and SMS settings from the environment (README "Email and SMS"). Nothing here is required:
// without SMTP_URL each email is written as an .eml file, without Twilio each SMS is only recorded.
import path from 'node:path';
import { type DatabaseTarget, defaultDataDir } from '../db/target';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** TWILIO_API_URL: another origin for the API (tests' stand-in, a proxy); api.twilio.com when unset. */
  apiUrl?: string;
}

export interface MessagingConfig {
  /** smtp://user:pass@host:port (smtps:// for TLS); unset: .eml files in `mailDir`. */
  smtpUrl?: string;
  /** The From of every email (MAIL_FROM). */
  mailFrom: string;
  mailDir: string;
  twilio?: TwilioSettings;
  /** Attempts after the first (pg-boss retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry, doubled each time (retryBackoff), at most retryDelayMax. */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** A job not finished this long after it started (its worker died) is handed out again. */
  expireInSeconds: number;
  /** Jobs fetched at a time; the worker yields to the event loop between messages. */
  batchSize: number;
  /** Messages of a batch sent at the same time (MESSAGE_CONCURRENCY, default 5; SMTP pool connections). */
  concurrency?: number;
  /** APP_URL: the app's public address, for links in emails (password reset); http://localhost:PORT when unset. */
  appUrl?: string;
  /** Idle poll, in seconds (NOTIFY wakes the worker sooner when it can). */
  pollingIntervalSeconds: number;
  /** How often pg-boss looks for expired jobs (pg-boss's default is a minute). */
  superviseIntervalSeconds: number;
  /**
   * MESSAGE_HEARTBEAT_SECONDS (default 10, pg-boss's least): a worker refreshes its claimed jobs this
   * often; a killed worker's jobs go back to the queue once it lapses, not after `expireInSeconds`.
   */
  heartbeatSeconds?: number;
  /**
   * MESSAGE_SEND_TIMEOUT_SECONDS (default 15): the longest one SMTP exchange may take (nodemailer's
   * connection, greeting and socket timeouts). A message left SENDING longer than this plus 5 s was
   * being sent by a worker that died: it may be sent again (issue 24, item 6).
   */
  sendTimeoutSeconds?: number;
  /**
   * MESSAGE_REAP_SECONDS (default 1; PostgreSQL): how often a worker looks for messages held by a worker
   * whose database session has ended (killed) and hands them back to the queue (lease.ts). 0 turns the
   * lease off (a pooler in transaction mode between the workers and PostgreSQL, where a session is not
   * a process): a killed worker's messages then wait for its heartbeat to lapse.
   */
  reapIntervalSeconds?: number;
  /**
   * LESSON_CHANGE_DIGEST_MINUTES (default 5): a household's lesson changes go to its guardians as one
   * message this long after the first of them (issue 37, finding 14; the family-lesson-changes job).
   */
  lessonChangeDigestMinutes?: number;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number of at least ${min}`);
  return value;
}

export const DEFAULT_CONCURRENCY = 5;

/** APP_URL without a trailing slash; it must be an http(s) origin (it goes into emails). */
function appUrlOf(env: NodeJS.ProcessEnv): string {
  const raw = env.APP_URL || `http://localhost:${env.PORT || 8000}`;
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(raw))
    throw new Error('APP_URL must look like https://levelup.example.com');
  return raw.replace(/\/+$/, '');
}

/** Where .eml files go without SMTP: MAIL_DIR, else `mail` beside the PGlite folder, else ./data/mail. */
export function defaultMailDir(target: DatabaseTarget): string {
  if (target.kind === 'pglite' && !target.dataDir.startsWith('memory://'))
    return path.join(path.dirname(target.dataDir), 'mail');
  return path.join(defaultDataDir, 'mail');
}

export function loadMessagingConfig(target: DatabaseTarget, env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const sid = env.TWILIO_ACCOUNT_SID;
  const token = env.TWILIO_AUTH_TOKEN;
  const from = env.TWILIO_FROM;
  const twilioParts = [sid, token, from].filter(Boolean).length;
  if (twilioParts > 0 && twilioParts < 3)
    throw new Error('Set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none of them');
  if (env.SMTP_URL && !/^smtps?:\/\//.test(env.SMTP_URL))
    throw new Error('SMTP_URL must look like smtp://user:pass@host:port (or smtps://)');
  return {
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Level Up <no-reply@levelup.local>',
    mailDir: env.MAIL_DIR ? path.resolve(env.MAIL_DIR) : defaultMailDir(target),
    twilio:
      sid && token && from
        ? { accountSid: sid, authToken: token, from, apiUrl: env.TWILIO_API_URL || undefined }
        : undefined,
    // 5 s, 10 s … 640 s: a first retry soon (a dead worker's jobs, a hiccup), the last ~21 min after the first try.
    retryLimit: positiveNumber(env, 'MESSAGE_RETRY_LIMIT', 8),
    retryDelaySeconds: positiveNumber(env, 'MESSAGE_RETRY_DELAY_SECONDS', 5, 1),
    retryDelayMaxSeconds: positiveNumber(env, 'MESSAGE_RETRY_DELAY_MAX_SECONDS', 3600, 1),
    expireInSeconds: positiveNumber(env, 'MESSAGE_EXPIRE_SECONDS', 60, 1),
    heartbeatSeconds: Math.floor(positiveNumber(env, 'MESSAGE_HEARTBEAT_SECONDS', 10, 10)),
    sendTimeoutSeconds: positiveNumber(env, 'MESSAGE_SEND_TIMEOUT_SECONDS', 15, 1),
    reapIntervalSeconds: positiveNumber(env, 'MESSAGE_REAP_SECONDS', 1, 0),
    batchSize: positiveNumber(env, 'MESSAGE_BATCH_SIZE', target.kind === 'pglite' ? 10 : 25, 1),
    concurrency: Math.floor(positiveNumber(env, 'MESSAGE_CONCURRENCY', DEFAULT_CONCURRENCY, 1)),
    appUrl: appUrlOf(env),
    pollingIntervalSeconds: positiveNumber(env, 'MESSAGE_POLL_SECONDS', 2, 0.5),
    superviseIntervalSeconds: positiveNumber(env, 'MESSAGE_SUPERVISE_SECONDS', 5, 1),
    lessonChangeDigestMinutes: positiveNumber(env, 'LESSON_CHANGE_DIGEST_MINUTES', 5),
  };
}
