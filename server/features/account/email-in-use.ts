// Telling an address's owner, not the one who typed it, that the address is in use (issue 37, finding 6).
import type { Prisma } from '../../generated/prisma/client';
import { enqueueMessagesOnce } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { EMAIL_IN_USE_TEMPLATE, type EmailInUseAttempt, emailInUseNotice } from './email-in-use-texts';

/**
 * When `email` is an account's, queues the "someone tried to use your address" notice to it in the
 * owner's language (under the owner's centre; none for a platform user) and returns true. At most one
 * an hour per account (the message's key), so nobody can flood a mailbox through the forms.
 */
export async function tellAddressOwner(
  tx: Prisma.TransactionClient,
  queue: MessageQueue,
  email: string,
  attempt: EmailInUseAttempt,
): Promise<boolean> {
  const owner = await tx.user.findUnique({
    where: { email },
    select: { id: true, login: true, firstName: true, langKey: true, organisationId: true },
  });
  if (!owner) return false;
  const hour = new Date().toISOString().slice(0, 13);
  await enqueueMessagesOnce(tx, queue, [
    {
      organisationId: owner.organisationId,
      channel: 'EMAIL',
      recipient: email,
      recipientName: owner.firstName,
      template: EMAIL_IN_USE_TEMPLATE,
      ...emailInUseNotice(owner.langKey, owner.firstName || owner.login, attempt),
      entityType: 'USER',
      entityId: owner.id,
      idempotencyKey: `email-in-use:${owner.id}:${hour}`,
    },
  ]);
  return true;
}
