// Completing a household's erasure request (issue 21; right privacy:erase, admins): in ONE transaction
// the household's personal data is anonymised and its money kept.
//
// - Guardians: "Former guardian", no email/phone/WeChat/relationship, consent and choices cleared; their
//   portal sign-in ended (closeGuardianSignIn: deactivated, tokens and sessions revoked, invitations
//   ended) and the user row anonymised (login, email, names, phone, password gone); invitations forget
//   where they went.
// - Children: "Former student <id>" (distinguishable in the centre's books), contacts, notes and opt-ins
//   cleared, inactive (released from planned lessons as any deactivation); notes of their term
//   registrations and referrals cleared; the teachers' words about each child (StudentFeedback)
//   blanked. The class-level feedback (what was taught, the group's progress, homework) stays: it is
//   about a lesson other families were in and read, not about this child.
// - The household: "Former family", no notes, no calendar feed, no saved card or auto top-up, erasedAt.
// - Messages to its people: recipient, name, subject, body and attachment blanked (a queued one is not
//   sent any more); the admins' notices about the request say "Former family", notices about a child go.
// - Kept untouched: the ledger and purchases (amounts, dates, balances), term registrations' prices and
//   payments, attendance, card top-ups: the centre's accounts, now attributed to "Former student <id>".
//
// The guardians are told first: the "your data was erased" email (or SMS to a phone-only guardian who
// agreed to SMS) is queued in the same transaction, before the addresses go, and is the one message
// left whole; once settled, its address and body are blanked too (erasureMessageSettled).

import { normalisePhone } from '../../../src/contracts/login';
import { FORMER_FAMILY, FORMER_GUARDIAN, FORMER_STUDENT, type TErasureRequest } from '../../../src/contracts/privacy';
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { enqueueMessage, requireQueue } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { closeGuardianSignIn } from '../households/invitations';
import { releaseStudentsFromPlannedSchedules } from '../students/release-students-from-planned-schedules';
import { erasureRequestSelect, lockHousehold, toErasureRequests } from './erasure-requests';
import { ERASED_MESSAGE } from './erasure-settled';
import { householdMessagesWhere, householdPeople } from './household-people';
import { erasureCompletedEmail, erasureCompletedSms, langOf } from './privacy-texts';

export const ERASURE_COMPLETED_TEMPLATE = 'erasure-completed';

const NOT_SENT_ERASED = 'Not sent: the recipient asked for their data to be erased';

/** The erased user's sign-in names: unique, meaningless, not an address anyone receives mail at. */
export const erasedLogin = (userId: number) => `erased-${userId}`;
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

export async function completeErasure(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  auth: AuthContext,
  id: number,
): Promise<TErasureRequest> {
  const organisationId = organisationOf(auth);
  const found = await prisma.erasureRequest.findFirst({
    where: { id, organisationId },
    select: { householdId: true },
  });
  if (!found) throw notFound('Erasure request', id);
  return prisma.$transaction(
    async (tx) => {
      // The household's lock serialises this with a new request or a withdrawal of the same family.
      await lockHousehold(tx, found.householdId);
      const request = await tx.erasureRequest.findUniqueOrThrow({ where: { id }, select: { status: true } });
      if (request.status === 'COMPLETED') throw new AppError('conflict', 'This erasure request was completed already');
      if (request.status === 'CANCELLED')
        throw new AppError('conflict', 'This erasure request was withdrawn by the family');
      const now = new Date();
      const household = await tx.household.findUniqueOrThrow({
        where: { id: found.householdId },
        select: {
          organisation: { select: { name: true } },
          guardians: {
            orderBy: { id: 'asc' },
            select: { id: true, name: true, email: true, phone: true, allowSms: true, langKey: true, userId: true },
          },
          students: { orderBy: { id: 'asc' }, select: { id: true, active: true } },
        },
      });
      const people = await householdPeople(tx, found.householdId);

      // 1. Tell the guardians, while their addresses still exist.
      const told: number[] = [];
      for (const g of household.guardians) {
        const texts = { lang: langOf(g.langKey), centre: household.organisation.name, name: g.name };
        const common = {
          organisationId,
          recipientName: g.name,
          template: ERASURE_COMPLETED_TEMPLATE,
          entityType: 'GUARDIAN',
          entityId: g.id,
          queuedById: auth.userId,
        };
        const phone = g.phone ? normalisePhone(g.phone) : undefined;
        if (g.email) {
          const message = await enqueueMessage(tx, requireQueue(queue), {
            ...common,
            channel: 'EMAIL',
            recipient: g.email,
            ...erasureCompletedEmail(texts),
            idempotencyKey: `erasure:${id}:guardian:${g.id}`,
          });
          told.push(message.id);
        } else if (phone && g.allowSms) {
          const message = await enqueueMessage(tx, requireQueue(queue), {
            ...common,
            channel: 'SMS',
            recipient: phone,
            bodyText: erasureCompletedSms(texts),
            idempotencyKey: `erasure:${id}:guardian:${g.id}`,
          });
          told.push(message.id);
        }
      }

      // 2. Messages to the household's people: a waiting one is not sent; every one is blanked.
      const messages: Prisma.MessageWhereInput = {
        AND: [householdMessagesWhere(organisationId, people), { id: { notIn: told } }],
      };
      await tx.message.updateMany({
        where: { AND: [messages, { status: 'QUEUED' }] },
        data: { status: 'FAILED', failedAt: now, error: NOT_SENT_ERASED },
      });
      await tx.message.updateMany({ where: messages, data: ERASED_MESSAGE });

      // 3. Guardians and their sign-ins.
      for (const g of household.guardians) {
        await closeGuardianSignIn(tx, g.id, g.userId);
        if (g.userId !== null) {
          await tx.user.update({
            where: { id: g.userId },
            data: {
              login: erasedLogin(g.userId),
              email: erasedEmail(g.userId),
              firstName: FORMER_GUARDIAN,
              lastName: null,
              phone: null,
              passwordHash: null,
              birthday: null,
              gmail: null,
            },
          });
          await tx.passwordResetToken.deleteMany({ where: { userId: g.userId } });
        }
      }
      await tx.guardian.updateMany({
        where: { householdId: found.householdId },
        data: {
          name: FORMER_GUARDIAN,
          relationship: null,
          email: null,
          phone: null,
          wechat: null,
          allowEmail: false,
          allowSms: false,
          smsConsentAt: null,
          smsConsentSource: null,
          receivesFeedback: false,
        },
      });
      await tx.guardianInvitation.updateMany({
        where: { guardianId: { in: people.guardianIds } },
        data: { sentTo: '' },
      });

      // 4. Children: anonymised one by one (each keeps a name of its own), released from planned lessons.
      const studentIds = household.students.map((s) => s.id);
      await releaseStudentsFromPlannedSchedules(
        tx,
        household.students.filter((s) => s.active).map((s) => s.id),
      );
      for (const s of household.students) {
        await tx.student.update({
          where: { id: s.id },
          data: {
            firstName: FORMER_STUDENT,
            lastName: String(s.id),
            wechat: null,
            phone: null,
            email: null,
            comments: null,
            feedbackEmail: null,
            allowSms: false,
            allowEmail: false,
            feedbackNotification: false,
            active: false,
          },
        });
      }
      await tx.termRegister.updateMany({ where: { studentId: { in: studentIds } }, data: { comments: null } });
      await tx.referral.updateMany({ where: { studentId: { in: studentIds } }, data: { comments: null } });
      await tx.studentFeedback.updateMany({ where: { studentId: { in: studentIds } }, data: { content: '' } });

      // 5. The household.
      await tx.household.update({
        where: { id: found.householdId },
        data: {
          name: FORMER_FAMILY,
          comments: null,
          calendarToken: null,
          lessonReminders: false,
          monthlyStatements: false,
          autoTopUp: false,
          stripeCustomerId: null,
          paymentMethodId: null,
          cardBrand: null,
          cardLast4: null,
          cardExpMonth: null,
          cardExpYear: null,
          autoTopUpStoppedReason: null,
          erasedAt: now,
        },
      });

      // 6. Notices: the request's now name no family; those about a child go.
      await tx.notice.updateMany({
        where: { organisationId, entityType: 'ERASURE_REQUEST', entityId: id },
        data: { data: { household: FORMER_FAMILY } },
      });
      await tx.notice.deleteMany({ where: { organisationId, entityType: 'STUDENT', entityId: { in: studentIds } } });

      // 7. The request (the family's words go too) and the audit.
      await tx.erasureRequest.update({
        where: { id },
        data: { status: 'COMPLETED', completedAt: now, completedById: auth.userId, reason: null },
      });
      await recordAudit(tx, auth, [
        ...household.students.map((s) => ({
          entity: 'STUDENT' as const,
          entityId: s.id,
          action: 'UPDATE' as const,
          before: { personalData: 'HELD', erasureRequestId: null, active: s.active },
          after: { personalData: 'ERASED', erasureRequestId: id, active: false },
        })),
        ...household.guardians
          .filter((g) => g.userId !== null)
          .map((g) => ({
            entity: 'USER' as const,
            entityId: g.userId as number,
            action: 'UPDATE' as const,
            before: { personalData: 'HELD', erasureRequestId: null },
            after: { personalData: 'ERASED', erasureRequestId: id },
          })),
      ]);
      const row = await tx.erasureRequest.findUniqueOrThrow({ where: { id }, select: erasureRequestSelect });
      return (await toErasureRequests(tx, [row]))[0];
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
