// Saving (draft), previewing, submitting and retrying a class's feedback.
import {
  FEEDBACK_LOCKED_MESSAGE,
  FEEDBACK_NOT_COMPLETED_MESSAGE,
  FEEDBACK_RETRY_MESSAGE,
  FEEDBACK_TEACHING_REQUIRED_MESSAGE,
  type TClassFeedback,
  type TFeedbackBody,
  type TFeedbackPreview,
} from '../../../src/contracts/feedback';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError, fieldError } from '../../http/errors';
import { organisationOf } from '../../http/tenancy';
import { t } from '../../i18n/text';
import { enqueueMessage, enqueueMessagesOnce, requireQueue, sendJob } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { lockClass } from '../schedules/class-change';
import {
  type Access,
  classFeedbackView,
  type FeedbackClass,
  feedbackContent,
  feedbackKey,
  findFeedbackClass,
  studentTexts,
} from './class-feedback';
import { feedbackEmail } from './feedback-email';
import { FEEDBACK_TEMPLATE, feedbackRecipient, syncFeedbackStatus } from './feedback-status';
import { guardianFeedbackEmails } from './guardian-feedback';

type Tx = Prisma.TransactionClient;
type Body = Required<TFeedbackBody>;

function refuseLocked(row: FeedbackClass) {
  if (row.feedback?.submittedAt) {
    throw new AppError(
      'conflict',
      t('{reason} (submitted {at} UTC)', {
        reason: t(FEEDBACK_LOCKED_MESSAGE),
        at: row.feedback.submittedAt.toISOString().slice(0, 16).replace('T', ' '),
      }),
      { errorKey: 'feedbacklocked' },
    );
  }
}

function checkStudents(row: FeedbackClass, body: Body) {
  const inClass = new Set(row.students.map((s) => s.student.id));
  const seen = new Set<number>();
  body.students.forEach((s, i) => {
    if (!inClass.has(s.studentId)) throw fieldError(`students.${i}.studentId`, 'This student is not in the class');
    if (seen.has(s.studentId)) throw fieldError(`students.${i}.studentId`, 'This student is listed twice');
    seen.add(s.studentId);
  });
}

async function store(tx: Tx, row: FeedbackClass, body: Body, userId: number) {
  const texts = {
    teachingContent: body.teachingContent,
    studentPerformance: body.studentPerformance,
    assignment: body.assignment,
  };
  await tx.scheduleFeedback.upsert({
    where: { scheduleId: row.id },
    create: { scheduleId: row.id, ...texts, updatedById: userId },
    update: { ...texts, updatedById: userId },
  });
  for (const s of body.students) {
    await tx.studentFeedback.upsert({
      where: { scheduleId_studentId: { scheduleId: row.id, studentId: s.studentId } },
      create: { scheduleId: row.id, studentId: s.studentId, content: s.content },
      update: { content: s.content },
    });
  }
}

/** Locks the class, then reads it as the caller may see it. */
async function lockedClass(tx: Tx, auth: AuthContext, id: number, access: Access) {
  await lockClass(tx, id, organisationOf(auth));
  return findFeedbackClass(tx, auth, id, access);
}

export async function getFeedback(prisma: PrismaClient, auth: AuthContext, id: number, access: Access) {
  return classFeedbackView(prisma, await findFeedbackClass(prisma, auth, id, access), access);
}

export async function saveFeedback(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  access: Access,
  body: Body,
): Promise<TClassFeedback> {
  return prisma.$transaction(async (tx) => {
    const row = await lockedClass(tx, auth, id, access);
    refuseLocked(row);
    checkStudents(row, body);
    await store(tx, row, body, auth.userId);
    return classFeedbackView(tx, await findFeedbackClass(tx, auth, id, access), access);
  });
}

/** Every student's email as it would be sent: the draft given, or the stored feedback once submitted. */
export function emailsOf(row: FeedbackClass, draft?: Body): TFeedbackPreview['emails'] {
  const source = row.feedback?.submittedAt ? undefined : draft;
  const content = feedbackContent(row, source);
  const texts = studentTexts(row, source);
  return row.students.map(({ student }) => {
    const recipient = feedbackRecipient(student);
    return {
      studentId: student.id,
      name: `${student.firstName} ${student.lastName}`.trim(),
      optedIn: recipient !== null,
      recipient,
      ...feedbackEmail(content, { ...student, content: texts.get(student.id) ?? '' }),
    };
  });
}

export async function previewFeedback(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  access: Access,
  body: Body,
): Promise<TFeedbackPreview> {
  const row = await findFeedbackClass(prisma, auth, id, access);
  checkStudents(row, body);
  const emails = emailsOf(row, body);
  // A teacher sees the email, not the family's address.
  return { emails: access === 'operator' ? emails : emails.map((e) => ({ ...e, recipient: null })) };
}

export async function submitFeedback(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  id: number,
  access: Access,
  body: Body,
): Promise<TClassFeedback> {
  return prisma.$transaction(async (tx) => {
    const row = await lockedClass(tx, auth, id, access);
    refuseLocked(row);
    if (row.status !== 'COMPLETED') throw new AppError('conflict', FEEDBACK_NOT_COMPLETED_MESSAGE);
    checkStudents(row, body);
    if (!body.teachingContent.trim()) throw fieldError('teachingContent', FEEDBACK_TEACHING_REQUIRED_MESSAGE);
    await store(tx, row, body, auth.userId);
    await tx.scheduleFeedback.update({
      where: { scheduleId: id },
      data: { submittedAt: new Date(), submittedById: auth.userId },
    });
    const saved = await findFeedbackClass(tx, auth, id, access);
    const emails = emailsOf(saved).filter((e) => e.recipient !== null);
    const toGuardians = await guardianFeedbackEmails(tx, saved, auth.userId);
    if (toGuardians.length) await enqueueMessagesOnce(tx, requireQueue(queue), toGuardians);
    if (emails.length) {
      const running = requireQueue(queue);
      for (const email of emails) {
        await enqueueMessage(tx, running, {
          organisationId: saved.organisationId,
          channel: 'EMAIL',
          recipient: email.recipient as string,
          recipientName: email.name,
          template: FEEDBACK_TEMPLATE,
          subject: email.subject,
          bodyText: email.text,
          bodyHtml: email.html,
          entityType: 'SCHEDULE',
          entityId: id,
          queuedById: auth.userId,
          idempotencyKey: feedbackKey(id, email.studentId),
        });
      }
    }
    await syncFeedbackStatus(tx, [id]);
    return classFeedbackView(tx, await findFeedbackClass(tx, auth, id, access), access);
  });
}

/** Operators: the class's FAILED feedback emails go back on the queue (same keys: each sent at most once). */
export async function retryFeedback(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  id: number,
): Promise<TClassFeedback> {
  const running = requireQueue(queue);
  return prisma.$transaction(async (tx) => {
    const row = await lockedClass(tx, auth, id, 'operator');
    if (row.notificationStatus !== 'SEND_FAILED') {
      throw new AppError(
        'conflict',
        t('{reason} (this one is {status})', { reason: t(FEEDBACK_RETRY_MESSAGE), status: row.notificationStatus }),
      );
    }
    const failed = await tx.message.findMany({
      where: { template: FEEDBACK_TEMPLATE, entityType: 'SCHEDULE', entityId: id, status: 'FAILED' },
      select: { id: true },
    });
    for (const message of failed) {
      await tx.message.update({ where: { id: message.id }, data: { status: 'QUEUED', failedAt: null } });
      await sendJob(tx, running, message.id);
    }
    await syncFeedbackStatus(tx, [id]);
    return classFeedbackView(tx, await findFeedbackClass(tx, auth, id, 'operator'), 'operator');
  });
}
