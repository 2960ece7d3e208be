// What happens when a message is settled (SENT, or FAILED after its last attempt): features that
// follow their messages register a handler per template here, e.g. the feedback status of a class or
// the progress of a bulk email. A handler must be idempotent (a job can be delivered twice) and must
// not throw for a message it does not know; errors are logged, never fail the job.
import { forgetSecretWhenSettled } from '../features/account/secret-settled';
import { bulkMessageSettled } from '../features/email/batch-settled';
import { feedbackSettled } from '../features/feedback/feedback-settled';
import { erasureMessageSettled } from '../features/privacy/erasure-settled';
import type { Message, PrismaClient } from '../generated/prisma/client';

export type SettledMessage = Pick<
  Message,
  'id' | 'organisationId' | 'template' | 'status' | 'entityType' | 'entityId' | 'batchId' | 'queuedById'
>;
export type SettledHandler = (prisma: PrismaClient, message: SettledMessage) => Promise<void>;

/** By Message.template. */
export const settledHandlers: Record<string, SettledHandler> = {
  feedback: feedbackSettled,
  bulk: bulkMessageSettled,
  'login-code': forgetSecretWhenSettled,
  'password-reset': forgetSecretWhenSettled,
  invitation: forgetSecretWhenSettled,
  'register-confirm': forgetSecretWhenSettled,
  'erasure-completed': erasureMessageSettled,
};
