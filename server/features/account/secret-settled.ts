import type { PrismaClient } from '../../generated/prisma/client';
import type { SettledMessage } from '../../messaging/settled-handlers';

export const FORGOTTEN_SECRET_TEXT =
  'Removed once settled: it held a sign-in code, a password reset link or an invitation code or link. Ask for a new one.';

/**
 * A sign-in code, a reset link or a portal invitation is only stored hashed, but the message that carries it holds it in
 * clear until it has gone: once settled (SENT, or FAILED for good), its body is blanked, so the message
 * history never keeps a working secret. Idempotent.
 */
export async function forgetSecretWhenSettled(prisma: PrismaClient, message: SettledMessage): Promise<void> {
  await prisma.message.updateMany({
    where: { id: message.id, status: { in: ['SENT', 'FAILED'] } },
    data: { bodyText: FORGOTTEN_SECRET_TEXT, bodyHtml: null },
  });
}
