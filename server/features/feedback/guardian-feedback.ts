// Class feedback to guardians (issue 21): at submit, each guardian of a student's household who
// receives feedback (Guardian.receivesFeedback), allows email and has an address gets that student's
// feedback email in the guardian's own language, besides the student's own address as before (an
// address both have gets one). Key `feedback:<class>:<student>:guardian:<guardian>`; the messages are
// the class's feedback messages (same template and record), so the notification status and retry
// count them as well. A guardian who turned feedback emails off (their choice per kind of message,
// issue 37) gets none.
import type { Prisma } from '../../generated/prisma/client';
import type { MessageInput } from '../../messaging/enqueue';
import { noticeLang } from '../schedules/class-notice-texts';
import { type FeedbackClass, feedbackContent, studentTexts } from './class-feedback';
import { feedbackEmail } from './feedback-email';
import { FEEDBACK_TEMPLATE, feedbackRecipient } from './feedback-status';

export const guardianFeedbackKey = (scheduleId: number, studentId: number, guardianId: number) =>
  `feedback:${scheduleId}:${studentId}:guardian:${guardianId}`;

/** The guardians' feedback emails of a submitted class `row`. */
export async function guardianFeedbackEmails(
  tx: Prisma.TransactionClient,
  row: FeedbackClass,
  queuedById: number,
): Promise<(MessageInput & { idempotencyKey: string })[]> {
  const ids = row.students.map(({ student }) => student.id);
  if (!ids.length) return [];
  const guardians = await tx.guardian.findMany({
    where: {
      organisationId: row.organisationId,
      receivesFeedback: true,
      allowEmail: true,
      email: { not: null },
      messageChoices: { none: { kind: 'FEEDBACK', email: false } },
      household: { students: { some: { id: { in: ids } } } },
    },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      name: true,
      email: true,
      langKey: true,
      household: { select: { students: { where: { id: { in: ids } }, select: { id: true } } } },
    },
  });
  const content = feedbackContent(row);
  const texts = studentTexts(row);
  const out: (MessageInput & { idempotencyKey: string })[] = [];
  for (const guardian of guardians) {
    const address = guardian.email?.trim();
    if (!address) continue;
    for (const { id } of guardian.household.students) {
      const student = row.students.find((s) => s.student.id === id)?.student;
      if (!student) continue;
      if (feedbackRecipient(student)?.toLowerCase() === address.toLowerCase()) continue;
      const email = feedbackEmail(content, { ...student, content: texts.get(id) ?? '' }, noticeLang(guardian.langKey));
      out.push({
        organisationId: row.organisationId,
        channel: 'EMAIL',
        recipient: address,
        recipientName: guardian.name,
        template: FEEDBACK_TEMPLATE,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        entityType: 'SCHEDULE',
        entityId: row.id,
        queuedById,
        idempotencyKey: guardianFeedbackKey(row.id, id, guardian.id),
      });
    }
  }
  return out;
}
