import type { SendThrottle } from '../../auth/code-throttle';
import { hashResetKey, newResetKey, RESET_TOKEN_TTL_MINUTES } from '../../auth/login-codes';
import { hashPassword } from '../../auth/passwords';
import { revokeSessions } from '../../auth/sessions';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AfterReply } from '../../http/after-reply';
import { fieldError } from '../../http/errors';
import type { ServerText } from '../../i18n/text';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import { linesToHtml } from '../../messaging/html';
import type { MessageQueue } from '../../messaging/queue';

export const RESET_PATH = '/user/reset-password';

function resetEmail(langKey: string, name: string, link: string) {
  if (langKey === 'zh-CN') {
    const lines = [
      `${name}，您好：`,
      `请打开以下链接设置新密码（${RESET_TOKEN_TTL_MINUTES} 分钟内有效，只能使用一次）：`,
      link,
      '如果您没有申请重置密码，请忽略这封邮件，您的密码不会改变。',
    ];
    return { subject: '重置您的 Level Up 密码', lines };
  }
  const lines = [
    `Hello ${name},`,
    `Open this link to choose a new password (it works once, within ${RESET_TOKEN_TTL_MINUTES} minutes):`,
    link,
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  return { subject: 'Reset your Level Up password', lines };
}

export interface RequestResetOptions {
  prisma: PrismaClient;
  queue: MessageQueue | undefined;
  throttle: SendThrottle;
  afterReply: AfterReply;
  login: string;
  address: string;
}

/**
 * Answers at once, the same for every login or email: the lookup and the email with a single-use link
 * (to the activated account with this login or email) come after the reply, so neither the reply nor
 * its timing tells whether the account exists.
 */
export async function requestPasswordReset({
  prisma,
  queue,
  throttle,
  afterReply,
  login,
  address,
}: RequestResetOptions) {
  const messages = requireQueue(queue);
  const name = login.trim().toLowerCase();
  await throttle.passwordReset(name, address);
  afterReply('password-reset', () => queueResetLink(prisma, messages, name));
  return { sent: true as const, validMinutes: RESET_TOKEN_TTL_MINUTES };
}

async function queueResetLink(prisma: PrismaClient, messages: MessageQueue, name: string) {
  const user = await prisma.user.findFirst({
    where: { OR: [{ login: name }, { email: name }], activated: true, organisationId: { not: null } },
    select: { id: true, login: true, email: true, firstName: true, langKey: true, organisationId: true },
  });
  if (!user?.organisationId) return;
  const key = newResetKey();
  const link = `${messages.config.appUrl ?? 'http://localhost:8000'}${RESET_PATH}?key=${key}`;
  const { subject, lines } = resetEmail(user.langKey, user.firstName || user.login, link);
  const organisationId = user.organisationId;
  await prisma.$transaction(async (tx) => {
    await tx.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: hashResetKey(key),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
      },
    });
    await enqueueMessage(tx, messages, {
      organisationId,
      channel: 'EMAIL',
      recipient: user.email,
      recipientName: user.firstName,
      template: 'password-reset',
      subject,
      bodyText: lines.join('\n\n'),
      bodyHtml: linesToHtml(lines, link),
      entityType: 'USER',
      entityId: user.id,
    });
  });
}

const refused = (message: ServerText) => fieldError('key', message);

export interface FinishResetOptions {
  prisma: PrismaClient;
  key: string;
  newPassword: string;
}

/** Sets the password with a live link, once; every token of the account (and its other links) stops working. */
export async function finishPasswordReset({ prisma, key, newPassword }: FinishResetOptions): Promise<undefined> {
  const token = await prisma.passwordResetToken.findUnique({ where: { tokenHash: hashResetKey(key) } });
  if (!token) throw refused('This reset link is not valid: ask for a new one');
  if (token.usedAt) throw refused('This reset link was used already: ask for a new one');
  if (token.expiresAt <= new Date()) throw refused('This reset link has expired: ask for a new one');
  const passwordHash = await hashPassword(newPassword); // before the transaction: bcrypt is slow
  await prisma.$transaction(async (tx) => {
    const now = new Date();
    const taken = await tx.passwordResetToken.updateMany({
      where: { id: token.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (taken.count === 0) throw refused('This reset link was used already: ask for a new one');
    await tx.passwordResetToken.updateMany({ where: { userId: token.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({
      where: { id: token.userId },
      data: { passwordHash, tokenVersion: { increment: 1 } },
    });
    await revokeSessions(tx, token.userId);
  });
  return undefined;
}
