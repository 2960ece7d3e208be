// Registering a centre in API tests (issue 37, finding 6): POST /api/register answers the same for every
// address and leaves its work (the lookup, the link or the owner's notice) for after the reply; the link
// in the queued email finishes it. An app with a message queue (nothing delivered: no worker) and its
// after-reply work awaitable, and the registration done as its admin would, link and all.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../../server/app';
import type { AppDeps } from '../../server/deps';
import type { PrismaClient } from '../../server/generated/prisma/client';
import { createAfterReply } from '../../server/http/after-reply';
import { openMessageQueue } from '../../server/messaging/queue';
import { testMessagingConfig } from './messaging-config';
import type { TestContext } from './test-app';

export type RegisteringApp = Awaited<ReturnType<typeof registeringApp>>;

/** The app of `ctx` on a message queue of its own, `settled()` waiting for the work after its replies. */
export async function registeringApp(ctx: TestContext, deps: Partial<AppDeps> = {}) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'levelup-register-'));
  const queue = await openMessageQueue(ctx.target, testMessagingConfig({ mailDir, appUrl: 'https://app.test' }));
  const afterReply = deps.afterReply ?? createAfterReply();
  const app = createApp({
    sinKey: randomBytes(32),
    ...deps,
    prisma: ctx.prisma,
    jwtSecret: ctx.jwtSecret,
    queue,
    afterReply,
  });
  return {
    app,
    queue,
    settled: () => afterReply.settled(),
    stop: () => queue.stop(),
  };
}

/** The key of the newest registration link queued to `email` (in the message body until it is sent). */
export async function registrationKey(prisma: PrismaClient, email: string): Promise<string | undefined> {
  const message = await prisma.message.findFirst({
    where: { recipient: email.toLowerCase(), template: 'register-confirm' },
    orderBy: { id: 'desc' },
  });
  return /\/user\/register\?key=([A-Za-z0-9_-]{43})/.exec(message?.bodyText ?? '')?.[1];
}

/** Registers and opens the emailed link: the signed-in reply of the new admin (201). */
export async function registerCentre(
  registering: RegisteringApp,
  prisma: PrismaClient,
  body: Record<string, unknown> & { email: string },
  headers: Record<string, string> = {},
) {
  const asked = await request(registering.app).post('/api/register').set(headers).send(body);
  if (asked.status !== 202) throw new Error(`register: ${asked.status} ${JSON.stringify(asked.body)}`);
  await registering.settled();
  const key = await registrationKey(prisma, body.email);
  if (!key) throw new Error(`no registration link was queued to ${body.email}`);
  return request(registering.app).post('/api/register/confirm').set(headers).send({ key });
}
