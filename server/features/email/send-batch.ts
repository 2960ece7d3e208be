// Audience count, preview for one real recipient, and sending: the EmailBatch and one Message per
// recipient (template 'bulk') with their jobs, in one transaction of a few statements.
import type { z } from 'zod';
import {
  EMAIL_SUBJECT_MAX,
  EMPTY_AUDIENCE_MESSAGE,
  renderPlaceholders,
  type TAudienceCount,
  type TPreview,
  type ZPreviewBody,
  type ZSendBody,
} from '../../../src/contracts/email';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { enqueueMessages, requireQueue } from '../../messaging/enqueue';
import { textToHtml } from '../../messaging/html';
import type { MessageQueue } from '../../messaging/queue';
import { sitesOf } from '../locations/sites';
import { type Audience, type AudienceMember, resolveAudience } from './audience';
import { getBatch } from './batches';

const SAMPLE_SIZE = 50;

const toRecipient = ({ kind, id, name, email }: AudienceMember) => ({ kind, id, name, email });

export async function countAudience(
  prisma: PrismaClient,
  auth: AuthContext,
  audience: Audience,
): Promise<TAudienceCount> {
  const resolved = await resolveAudience(prisma, organisationOf(auth), audience, sitesOf(auth));
  return {
    recipients: resolved.recipients.length,
    byGroup: resolved.byGroup,
    leftOut: resolved.leftOut,
    sample: resolved.recipients.slice(0, SAMPLE_SIZE).map(toRecipient),
  };
}

function render(member: AudienceMember, centreName: string, subject: string, body: string) {
  const values = {
    firstName: member.firstName,
    lastName: member.lastName,
    fullName: [member.firstName, member.lastName].filter(Boolean).join(' '),
    centreName,
  };
  // A long name can take a subject past its column: cut it there rather than refuse the batch.
  return {
    subject: renderPlaceholders(subject, values).slice(0, EMAIL_SUBJECT_MAX),
    body: renderPlaceholders(body, values),
  };
}

const centreNameOf = async (db: Prisma.TransactionClient, organisationId: number) =>
  (await db.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true } })).name;

export async function previewEmail(
  prisma: PrismaClient,
  auth: AuthContext,
  input: z.output<typeof ZPreviewBody>,
): Promise<TPreview> {
  const organisationId = organisationOf(auth);
  const { recipients } = await resolveAudience(prisma, organisationId, input.audience, sitesOf(auth));
  if (recipients.length === 0) throw new AppError('validation', EMPTY_AUDIENCE_MESSAGE, { errorKey: 'emptyaudience' });
  const chosen = input.recipient;
  const member = chosen ? recipients.find((r) => r.kind === chosen.kind && r.id === chosen.id) : recipients[0];
  if (!member) throw fieldError('recipient', 'The chosen recipient is not in this audience');
  return {
    recipient: toRecipient(member),
    ...render(member, await centreNameOf(prisma, organisationId), input.subject, input.body),
  };
}

export async function sendBatch(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  input: z.output<typeof ZSendBody>,
) {
  const running = requireQueue(queue);
  const organisationId = organisationOf(auth);
  const batchId = await prisma.$transaction(
    async (tx) => {
      if (input.templateId) {
        const template = await tx.emailTemplate.findFirst({ where: { id: input.templateId, organisationId } });
        if (!template) throw notFound('Email template', input.templateId);
      }
      const { recipients } = await resolveAudience(tx, organisationId, input.audience, sitesOf(auth));
      if (recipients.length === 0) {
        throw new AppError('validation', EMPTY_AUDIENCE_MESSAGE, { errorKey: 'emptyaudience' });
      }
      const centreName = await centreNameOf(tx, organisationId);
      const batch = await tx.emailBatch.create({
        data: {
          organisationId,
          subject: input.subject,
          body: input.body,
          templateId: input.templateId ?? null,
          audience: input.audience as Prisma.InputJsonValue,
          recipientCount: recipients.length,
          createdById: auth.userId,
        },
        select: { id: true },
      });
      await enqueueMessages(
        tx,
        running,
        recipients.map((member) => {
          const { subject, body } = render(member, centreName, input.subject, input.body);
          return {
            organisationId,
            channel: 'EMAIL' as const,
            recipient: member.email,
            recipientName: member.name.slice(0, 120) || null,
            template: 'bulk',
            subject,
            bodyText: body,
            bodyHtml: textToHtml(body),
            entityType: 'EMAIL_BATCH',
            entityId: batch.id,
            queuedById: auth.userId,
            batchId: batch.id,
            idempotencyKey: `bulk:${batch.id}:${member.kind}:${member.id}`,
          };
        }),
      );
      return batch.id;
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  return getBatch(prisma, auth, batchId);
}
