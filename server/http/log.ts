// One JSON line per event (pino): info and below on stdout, warn and error on stderr. LOG_LEVEL sets the
// threshold (silent in tests). Callers pass only what is safe to keep; the redaction below is the net
// under that rule: a password, token, cookie or SIN passed by mistake is written as "[Redacted]".
import pino from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';

const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'id_token',
  'refreshToken',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'sin',
  'sinEncrypted',
];
/** Paths pino blanks: each key at the top of a line and one level down, plus request and reply headers. */
export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * A request path as it may be logged: a calendar feed's path is its secret (/api/calendar/<token>.ics),
 * so everything after `calendar/` is blanked (case-insensitive, as Express routes are), and so is any
 * other `<token>.ics` segment (a feed URL mistyped or percent-encoded still holds a live token).
 */
export function loggablePath(path: string): string {
  return path.replace(/\/calendar\/[^?#]*/i, '/calendar/[redacted]').replace(/[\w%-]{16,}\.ics/gi, '[redacted]');
}

/**
 * A request URL as it may be logged: its loggable path and the names of its query parameters, never their
 * values (search terms, phone numbers, recipients and any token sent as ?access_token= are personal or
 * secret): `/api/students?page&q`.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return loggablePath(url);
  const names = new Set<string>();
  for (const pair of url.slice(at + 1).split('&')) {
    if (!pair) continue;
    const raw = pair.split('=')[0];
    let name = raw;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      // kept as sent
    }
    names.add(name.replace(/[^\w.[\]-]/g, '_').slice(0, 40));
  }
  const query = [...names].sort().slice(0, 20).join('&');
  return `${loggablePath(url.slice(0, at))}${query ? `?${query}` : ''}`;
}

function levelFromEnv(): pino.LevelWithSilent {
  const level = process.env.LOG_LEVEL ?? 'info';
  return level === 'silent' || level in pino.levels.values ? (level as pino.LevelWithSilent) : 'info';
}

/** A logger writing to `destination`, or to stdout/stderr by level (process streams, so tests can spy). */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  const streams =
    destination ??
    pino.multistream(
      [
        { level: 'trace', stream: process.stdout },
        { level: 'warn', stream: process.stderr },
      ],
      { dedupe: true },
    );
  return pino(
    {
      level: levelFromEnv(),
      base: undefined, // no pid/hostname on every line
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS },
    },
    streams,
  );
}

export const logger = createLogger();

/** Follows LOG_LEVEL when it changes after start (tests stub it per case); a string compare per line. */
export function syncLogLevel(target: pino.Logger = logger): void {
  const wanted = levelFromEnv();
  if (target.level !== wanted) target.level = wanted;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  syncLogLevel();
  logger[level](fields, message);
}
