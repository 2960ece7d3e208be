// A real SMTP server for the message tests (the smtp-server package), on a free local port: it
// keeps every message it accepts, or refuses them all with a 5xx while `refusing` is set.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string | null;
  to: string[];
  raw: string;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** While true, every message is refused with "550 5.7.1 Mailbox unavailable". */
  refusing: boolean;
  /** How many DATA commands it refused. */
  refused: number;
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const state: Omit<SmtpStandIn, 'url' | 'close'> = { received: [], refusing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          state.refused += 1;
          return callback(Object.assign(new Error('5.7.1 Mailbox unavailable'), { responseCode: 550 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
        state.received.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  // A client killed mid-session (tests/api/messages-sigkill.test.ts SIGKILLs its worker) resets its
  // connection; that is the client's end, not a server fault: unheard, it would be an uncaught error.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
