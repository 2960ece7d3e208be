// Registering a centre (issue 37, finding 6). "Email is already in use" told anyone which addresses have
// an account, in any centre; so registering answers the same for every address: the form's data waits
// (PendingRegistration) and a link goes to the address, and the centre and its admin are made, signed in,
// only when the link is opened, which proves the mailbox. A taken address gets a notice instead of a link.
// The answer comes once input, throttle and login are checked; the lookup, the password's hash and the
// email come after it (server/http/after-reply.ts), so its timing tells nothing either. The login is
// not secret in the same way: a taken one is still refused at once (ARCHITECTURE "Account enumeration").
import type { z } from 'zod';
import type { ZRegisterBody } from '../../../src/contracts/account';
import { hashResetKey, newResetKey } from '../../auth/login-codes';
import { hashPassword } from '../../auth/passwords';
import type { RegisterThrottle } from '../../auth/register-throttle';
import { startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AfterReply } from '../../http/after-reply';
import { fieldError } from '../../http/errors';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { defaultLocationId } from '../locations/default-location';
import { tellAddressOwner } from './email-in-use';
import { REGISTER_CONFIRM_TEMPLATE, registerConfirmEmail } from './email-in-use-texts';
import { assertLoginAndEmailFree, uniqueViolation } from './uniqueness';

export const REGISTER_CONFIRM_PATH = '/user/register';
/** How long the link works. */
export const REGISTRATION_LINK_HOURS = 24;

type RegisterBody = z.output<typeof ZRegisterBody>;

export interface RegisterOptions {
  prisma: PrismaClient;
  queue: MessageQueue | undefined;
  throttle: RegisterThrottle;
  afterReply: AfterReply;
  body: RegisterBody;
  address: string;
}

/** Answers "check your email" for every address; what happens next is decided after the reply. */
export async function requestRegistration({ prisma, queue, throttle, afterReply, body, address }: RegisterOptions) {
  const messages = requireQueue(queue);
  await throttle.consume(address);
  const login = body.login.toLowerCase();
  const email = body.email.toLowerCase();
  await assertLoginAndEmailFree(prisma, { login });
  afterReply('register', () => sendRegistrationMail(prisma, messages, { ...body, login, email }));
  return { email };
}

async function sendRegistrationMail(prisma: PrismaClient, queue: MessageQueue, body: RegisterBody) {
  const passwordHash = await hashPassword(body.password); // for a taken address too: the same work either way
  await prisma.$transaction(async (tx) => {
    if (await tellAddressOwner(tx, queue, body.email, { kind: 'register' })) return;
    const key = newResetKey();
    const pending = await tx.pendingRegistration.create({
      data: {
        tokenHash: hashResetKey(key),
        organisationName: body.organisationName,
        login: body.login,
        email: body.email,
        passwordHash,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        langKey: body.langKey,
        timeZone: body.timeZone,
        currency: body.currency,
        expiresAt: new Date(Date.now() + REGISTRATION_LINK_HOURS * 3_600_000),
      },
    });
    const link = `${queue.config.appUrl ?? 'http://localhost:8000'}${REGISTER_CONFIRM_PATH}?key=${key}`;
    // The install's own message: the centre does not exist yet.
    await enqueueMessage(tx, queue, {
      organisationId: null,
      channel: 'EMAIL',
      recipient: body.email,
      recipientName: body.firstName || null,
      template: REGISTER_CONFIRM_TEMPLATE,
      ...registerConfirmEmail({
        langKey: body.langKey,
        name: body.firstName || body.login,
        centre: body.organisationName,
        link,
        hours: REGISTRATION_LINK_HOURS,
      }),
      entityType: 'PENDING_REGISTRATION',
      entityId: pending.id,
    });
  });
}

const refused = () => fieldError('key', 'This registration link is not valid or has expired: register again');

/**
 * The link's key proves the mailbox: creates the centre (with its first location) and its first admin,
 * both or neither, uses the link up and signs the admin in. The login is checked again (someone may have
 * taken it since), and the address (now its owner's to hear about).
 */
export async function confirmRegistration(
  prisma: PrismaClient,
  jwtSecret: string,
  throttle: RegisterThrottle,
  { key, address, userAgent }: { key: string; address: string; userAgent: string | undefined },
) {
  await throttle.beforeConfirm(address);
  const pending = await prisma.pendingRegistration.findUnique({ where: { tokenHash: hashResetKey(key) } });
  if (!pending || pending.usedAt || pending.expiresAt <= new Date()) {
    await throttle.confirmFailed(address);
    throw refused();
  }
  await assertLoginAndEmailFree(prisma, { login: pending.login, email: pending.email });
  const created = await prisma
    .$transaction(async (tx) => {
      const now = new Date();
      const taken = await tx.pendingRegistration.updateMany({
        where: { id: pending.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (taken.count === 0) throw refused();
      const organisation = await tx.organisation.create({
        data: { name: pending.organisationName, timeZone: pending.timeZone, currency: pending.currency },
      });
      // The centre's first location, named after it (issue 23): more are added on the Locations page.
      await defaultLocationId(tx, organisation.id);
      return tx.user.create({
        data: {
          login: pending.login,
          email: pending.email,
          passwordHash: pending.passwordHash,
          firstName: pending.firstName,
          lastName: pending.lastName,
          langKey: pending.langKey,
          roles: ['ROLE_ADMIN'],
          organisationId: organisation.id,
        },
        select: { id: true, login: true, tokenVersion: true },
      });
    })
    .catch((error: unknown) => {
      throw uniqueViolation(error) ?? error;
    });
  const { id_token } = await startSession(prisma, jwtSecret, created, { rememberMe: false, userAgent });
  return { id: created.id, login: created.login, id_token };
}
