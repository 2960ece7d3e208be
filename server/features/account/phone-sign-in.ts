import { LOGIN_CODE_RESEND_SECONDS, VERIFICATION_CODE_ERROR } from '../../../src/contracts/login';
import type { SendThrottle } from '../../auth/code-throttle';
import {
  hashLoginCode,
  LOGIN_CODE_MAX_FAILURES,
  LOGIN_CODE_TTL_MINUTES,
  loginCodeMatches,
  newLoginCode,
} from '../../auth/login-codes';
import type { LoginThrottle } from '../../auth/login-throttle';
import { startSession } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AfterReply } from '../../http/after-reply';
import { AppError } from '../../http/errors';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';

interface PhoneUser {
  id: number;
  organisationId: number;
  tokenVersion: number;
  langKey: string;
}

/**
 * The one activated user of a centre with this number (stored as typed, compared as digits with an
 * optional leading +). None when nobody has it, or when several accounts share it: a code could not
 * say which of them signs in.
 */
async function userWithPhone(prisma: PrismaClient, phone: string): Promise<PhoneUser | undefined> {
  const users = await prisma.$queryRaw<PhoneUser[]>`
    SELECT id, "organisationId", "tokenVersion", "langKey" FROM "User"
     WHERE activated AND "organisationId" IS NOT NULL AND phone IS NOT NULL
       AND (phone = ${phone} OR regexp_replace(phone, '[^0-9+]', '', 'g') = ${phone})
     LIMIT 2`;
  return users.length === 1 ? users[0] : undefined;
}

const smsText = (langKey: string, code: string) =>
  langKey === 'zh-CN'
    ? `您的 Level Up 登录验证码是 ${code}，${LOGIN_CODE_TTL_MINUTES} 分钟内有效。请勿告诉他人。`
    : `Your Level Up sign-in code is ${code}. It expires in ${LOGIN_CODE_TTL_MINUTES} minutes. Do not share it.`;

export interface SendLoginCodeOptions {
  prisma: PrismaClient;
  jwtSecret: string;
  queue: MessageQueue | undefined;
  throttle: SendThrottle;
  afterReply: AfterReply;
  phone: string;
  address: string;
}

/**
 * Answers at once, the same for every number: the lookup, the code and its SMS come after the reply
 * (server/http/after-reply.ts), so neither the reply nor its timing tells whether an account has this
 * number. A new code replaces the number's older ones.
 */
export async function sendLoginCode({
  prisma,
  jwtSecret,
  queue,
  throttle,
  afterReply,
  phone,
  address,
}: SendLoginCodeOptions) {
  const messages = requireQueue(queue); // before the lookup: a missing queue must not tell accounts apart
  await throttle.loginCode(phone, address);
  afterReply('login-code', () => queueLoginCode(prisma, jwtSecret, messages, phone));
  return { sent: true as const, resendAfterSeconds: LOGIN_CODE_RESEND_SECONDS, validMinutes: LOGIN_CODE_TTL_MINUTES };
}

/** When an activated account has this number: a fresh code, and its SMS queued, in one transaction. */
async function queueLoginCode(prisma: PrismaClient, jwtSecret: string, messages: MessageQueue, phone: string) {
  const user = await userWithPhone(prisma, phone);
  if (!user) return;
  const code = newLoginCode();
  const now = new Date();
  await prisma.$transaction(async (tx) => {
    await tx.loginCode.updateMany({
      where: { phone, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await tx.loginCode.create({
      data: {
        phone,
        codeHash: hashLoginCode(jwtSecret, phone, code),
        expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000),
      },
    });
    await enqueueMessage(tx, messages, {
      organisationId: user.organisationId,
      channel: 'SMS',
      recipient: phone,
      template: 'login-code',
      bodyText: smsText(user.langKey, code),
      entityType: 'USER',
      entityId: user.id,
    });
  });
}

export interface PhoneSignInOptions {
  prisma: PrismaClient;
  jwtSecret: string;
  throttle: LoginThrottle;
  phone: string;
  captcha: string;
  rememberMe: boolean;
  address: string;
  userAgent: string | undefined;
}

const codeError = () =>
  new AppError('validation', VERIFICATION_CODE_ERROR, {
    fieldErrors: [{ field: 'captcha', message: VERIFICATION_CODE_ERROR }],
  });

/**
 * Signs in with the number's newest live code, once. Failures count like wrong passwords (per account
 * and address, then per address) and against the code itself, which dies after LOGIN_CODE_MAX_FAILURES.
 */
export async function signInWithPhone(options: PhoneSignInOptions) {
  const { prisma, jwtSecret, throttle, phone, captcha, rememberMe, address, userAgent } = options;
  const user = await userWithPhone(prisma, phone);
  const attempt = await throttle.begin(user ? `user:${user.id}` : `phone:${phone}`, address);
  const now = new Date();
  const code = await prisma.loginCode.findFirst({
    where: { phone, usedAt: null, expiresAt: { gt: now }, failures: { lt: LOGIN_CODE_MAX_FAILURES } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const matches = code !== null && loginCodeMatches(jwtSecret, phone, captcha, code.codeHash);
  // Used once: of two requests with the same code, only the one that marks it used signs in.
  const used =
    matches && user
      ? await prisma.loginCode.updateMany({
          where: { id: code.id, usedAt: null, expiresAt: { gt: now }, failures: { lt: LOGIN_CODE_MAX_FAILURES } },
          data: { usedAt: now },
        })
      : { count: 0 };
  if (!user || used.count === 0) {
    if (code && !matches)
      await prisma.loginCode.update({ where: { id: code.id }, data: { failures: { increment: 1 } } });
    await attempt.failed();
    throw codeError();
  }
  await attempt.succeeded();
  return startSession(prisma, jwtSecret, user, { rememberMe, userAgent });
}
