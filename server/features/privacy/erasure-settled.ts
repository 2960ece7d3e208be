import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { SettledMessage } from '../../messaging/settled-handlers';

/** What a message about an erased person keeps: when, how, what kind, its status. */
export const ERASED_MESSAGE = {
  recipient: '',
  recipientName: null,
  subject: null,
  bodyText: '',
  bodyHtml: null,
  attachment: null,
  attachmentName: null,
} as const satisfies Prisma.MessageUpdateManyMutationInput;

/**
 * The "your data was erased" message is the one message an erasure leaves whole, so that it can be
 * delivered; once settled (SENT, or FAILED for good) its address and text are blanked like the rest.
 * Idempotent.
 */
export async function erasureMessageSettled(prisma: PrismaClient, message: SettledMessage): Promise<void> {
  await prisma.message.updateMany({
    where: { id: message.id, status: { in: ['SENT', 'FAILED'] } },
    data: ERASED_MESSAGE,
  });
}
