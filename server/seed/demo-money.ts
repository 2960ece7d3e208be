// The demo centre's money and messages (issue 19 §6), so that every screen has something true to show:
// ten students who pay by voucher with a weekly one-on-one lesson on Saturdays (past lessons
// confirmed and charged, the next weeks planned), their purchases, gifts and one refund posted through
// the desk's own postVoucherPurchase and the charges through syncClassCharges (one lesson's attendance
// corrected twice, one lesson's times corrected: reversals and recharges). Most end comfortably in
// credit, two below the low-balance threshold and one owing. Four families get feedback emails: older
// classes have submitted feedback with SENT messages (one SEND_FAILED), the last week's wait for
// feedback (syncFeedbackStatus decides and notifies). A past bulk email (SENT and one FAILED), closed
// payroll months (the current one open). Every Message is SENT or FAILED and no job is queued: starting
// the app sends nothing.
import { DateTime } from 'luxon';
import { feedbackKey } from '../features/feedback/class-feedback';
import { feedbackEmail } from '../features/feedback/feedback-email';
import { FEEDBACK_TEMPLATE, feedbackRecipient, syncFeedbackStatus } from '../features/feedback/feedback-status';
import { amountFor } from '../features/money/class-amounts';
import { feedbackReminderDay } from '../features/notices/jobs/feedback-reminders';
import { findBlockers } from '../features/payroll/blockers';
import { writeClosedPeriod } from '../features/payroll/close-period';
import { monthOf, monthRange, nextMonth } from '../features/payroll/months';
import { syncClassCharges } from '../features/vouchers/class-charges';
import { postVoucherPurchase } from '../features/vouchers/create-voucher-purchase';
import { lockStudentBalance } from '../features/vouchers/ledger';
import { lowBalanceWhere } from '../features/vouchers/low-balance-rule';
import type { Attendance, Prisma } from '../generated/prisma/client';
import { centreUsersWithRole, createNotices } from '../notices/create-notices';
import type { DemoPlace } from './demo-rooms';

type Tx = Prisma.TransactionClient;
const DAY = 86_400_000;

/** How each voucher student pays: tops up in time, lets it run low, or stopped paying three months ago. */
type Profile = 'comfortable' | 'low' | 'owing';
const PROFILES: Profile[] = [
  'comfortable',
  'comfortable',
  'comfortable',
  'comfortable',
  'low',
  'comfortable',
  'low',
  'comfortable',
  'owing',
  'comfortable',
];
/** Teacher index (0 = the demo teacher) -> the course index its Saturday lessons are of. */
const COURSE_OF_TEACHER = [0, 5, 6, 2, 7];
const METHODS = ['CASH', 'CARD', 'E_TRANSFER', 'CHEQUE'] as const;
/** Packages a family buys: the amount and the gift the centre adds to it. */
const PACKAGES = [
  { amount: 1000, gift: 50 },
  { amount: 1500, gift: 100 },
  { amount: 800, gift: 0 },
];
const TEACHING = [
  'Reviewed last week’s homework, then worked through new examples step by step.',
  'Practised the exam-style questions on this unit; timed the last two.',
  'Introduced the new topic with worked examples and a short quiz at the end.',
];
const PERFORMANCE = [
  'Focused and asked good questions. Needs a little more care with units.',
  'Solid progress: solved every practice question with little help.',
  'A tired start, but finished strongly. Keep reading aloud at home.',
];
const ASSIGNMENT = ['Exercises 4 to 9 in the workbook.', 'Finish the practice sheet.', 'Read chapter 3.'];

export interface DemoMoneyOptions {
  organisationId: number;
  timeZone: string;
  /** Teacher records in order (0 = the demo teacher) with their logins' user ids. */
  teachers: { id: number; userId: number }[];
  courseIds: number[];
  /** Who confirmed classes and entered purchases at the desk (the demo admin). */
  adminUserId: number;
  now: Date;
  random: () => number;
  /** The centre's location and its rooms (demo-rooms.ts): a series gets a room free at all its times. */
  place: DemoPlace;
}

export async function seedDemoMoney(tx: Tx, options: DemoMoneyOptions) {
  const { organisationId, timeZone, teachers, adminUserId, now, random } = options;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const students = await tx.student.findMany({
    where: { organisationId, active: true },
    orderBy: { id: 'asc' },
    take: PROFILES.length,
    select: { id: true, firstName: true, lastName: true, hourlyRate: true },
  });
  // Four families of voucher students get feedback emails (the first keeps its own address, the
  // others a parent's).
  for (const [k, student] of students.slice(0, 4).entries()) {
    await tx.student.update({
      where: { id: student.id },
      data: {
        allowEmail: true,
        feedbackNotification: true,
        feedbackEmail:
          k === 0
            ? null
            : `parents.${student.lastName}.${k}@family.test`
                .normalize('NFD')
                .replace(/[^\w.@-]/g, '')
                .toLowerCase(),
      },
    });
  }
  const teacherRates = new Map(
    (await tx.teacher.findMany({ where: { organisationId }, select: { id: true, hourlyRate: true } })).map((t) => [
      t.id,
      t.hourlyRate,
    ]),
  );

  // Saturdays' one-on-one lessons, 20 weeks back to 5 weeks ahead: teacher k % 5, 15:30 or 17:30.
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  let firstSaturday = today.minus({ days: 140 });
  while (firstSaturday.weekday !== 6) firstSaturday = firstSaturday.plus({ days: 1 });
  const lessons: {
    k: number;
    studentId: number;
    scheduleId: number;
    startAt: Date;
    endAt: Date;
    attendance: Attendance | null;
  }[] = [];
  for (const [k, student] of students.entries()) {
    const teacherIndex = k % teachers.length;
    const teacher = teachers[teacherIndex];
    const [startTime, endTime] = k < 5 ? ['15:30', '17:00'] : ['17:30', '19:00'];
    const series = await tx.scheduleSeries.create({
      data: {
        organisationId,
        timeZone,
        firstDate: new Date(`${firstSaturday.toISODate()}T00:00:00Z`),
        untilDate: new Date(`${today.plus({ days: 35 }).toISODate()}T00:00:00Z`),
        slots: { create: [{ weekday: 6, startTime, endTime }] },
      },
      select: { id: true },
    });
    const at = (day: DateTime, time: string) => {
      const [hour, minute] = time.split(':').map(Number);
      return day.set({ hour, minute });
    };
    const weeks: { start: DateTime; end: DateTime; completed: boolean; attendance: Attendance | null }[] = [];
    for (let day = firstSaturday; day <= today.plus({ days: 35 }); day = day.plus({ days: 7 })) {
      const start = at(day, startTime);
      const end = at(day, endTime);
      const completed = end.toMillis() <= now.getTime();
      const roll = random();
      const attendance: Attendance | null = !completed
        ? null
        : roll < 0.9
          ? 'ATTENDED'
          : roll < 0.95
            ? 'ABSENT'
            : 'EXCUSED';
      weeks.push({ start, end, completed, attendance });
    }
    const roomId = options.place.book(
      weeks.map(({ start, end }) => ({ start: start.toMillis(), end: end.toMillis() })),
      1,
    );
    const rows = await tx.schedule.createManyAndReturn({
      data: weeks.map(({ start, end, completed }) => ({
        organisationId,
        seriesId: series.id,
        status: completed ? ('COMPLETED' as const) : ('PLANNED' as const),
        courseType: 'ONE_ON_ONE' as const,
        courseId: options.courseIds[COURSE_OF_TEACHER[teacherIndex]],
        teacherId: teacher.id,
        locationId: options.place.locationId,
        roomId,
        startAt: start.toJSDate(),
        endAt: end.toJSDate(),
        teacherStartAt: start.toJSDate(),
        teacherEndAt: end.toJSDate(),
        hourlyRate: student.hourlyRate,
        teacherHourlyRate: teacherRates.get(teacher.id) ?? null,
        paymentType: 'VOUCHER' as const,
        confirmedAt: completed ? end.plus({ minutes: 20 }).toJSDate() : null,
        confirmedById: completed ? adminUserId : null,
        confirmedOnBehalf: completed,
      })),
      select: { id: true, startAt: true, endAt: true },
    });
    await tx.scheduleStudent.createMany({
      data: rows.map((row, i) => ({
        scheduleId: row.id,
        studentId: student.id,
        attendance: weeks[i].attendance,
        hourlyRate: student.hourlyRate,
      })),
    });
    rows.forEach((row, i) => {
      if (weeks[i].completed)
        lessons.push({
          k,
          studentId: student.id,
          scheduleId: row.id,
          startAt: row.startAt,
          endAt: row.endAt,
          attendance: weeks[i].attendance,
        });
    });
  }

  // Corrections after confirmation: the first student's third-last lesson (attended) is marked
  // absent, then attended again (a reversal, then a recharge); the fourth's sixth-last lesson ended
  // half an hour early (a reversal and a smaller charge).
  const ofStudent = (k: number) => lessons.filter((l) => l.k === k);
  const attendanceFix = ofStudent(0).at(-3);
  if (attendanceFix) {
    attendanceFix.attendance = 'ATTENDED';
    await tx.scheduleStudent.updateMany({
      where: { scheduleId: attendanceFix.scheduleId },
      data: { attendance: 'ATTENDED' },
    });
  }
  const timesFix = ofStudent(3).at(-6);
  if (timesFix) {
    timesFix.attendance = 'ATTENDED';
    await tx.scheduleStudent.updateMany({
      where: { scheduleId: timesFix.scheduleId },
      data: { attendance: 'ATTENDED' },
    });
  }
  const shortened = (lesson: (typeof lessons)[number]) => new Date(lesson.endAt.getTime() - 30 * 60_000);

  // Plan each student's purchases (before the lesson they pay for), then post everything in date order.
  for (const [k, student] of students.entries()) {
    const profile = PROFILES[k];
    const own = ofStudent(k);
    const stopPaying = now.getTime() - 84 * DAY;
    type Purchase = { beforeIndex: number; amount: number; gift: number; method: string; refund?: boolean };
    const plan: Purchase[] = [];
    let balance = 0;
    let final = 0;
    own.forEach((lesson, i) => {
      const end = lesson === timesFix ? shortened(lesson) : lesson.endAt;
      const charge =
        lesson.attendance === 'ATTENDED' ? amountFor(student.hourlyRate, lesson.startAt, end).toNumber() : 0;
      const floor = profile === 'comfortable' ? 350 : charge;
      const mayPay = profile !== 'owing' || lesson.startAt.getTime() < stopPaying;
      if ((i === 0 || balance < floor) && mayPay && (charge > 0 || i === 0)) {
        const pack = profile === 'comfortable' ? pick(PACKAGES) : { amount: 500, gift: 0 };
        plan.push({ beforeIndex: i, ...pack, method: pick(METHODS) });
        balance += pack.amount + pack.gift;
        // One family asked for part of its first package back.
        if (k === 1 && plan.length === 2) {
          plan.push({ beforeIndex: i, amount: 100, gift: 0, method: 'E_TRANSFER', refund: true });
          balance -= 100;
        }
      }
      balance -= charge;
      final = balance;
    });
    // Running low: the last top-up was smaller, so the balance ends between 50 and 100.
    if (profile === 'low') {
      const last = plan.at(-1);
      if (last) {
        const amount = Math.max(50, Math.ceil((last.amount - final + 50) / 50) * 50);
        last.amount = amount;
      }
    }

    // Lessons between two desk entries are charged together (syncClassCharges posts them in time
    // order); a corrected lesson is charged on its own, then corrected.
    let n = 0;
    let pending: number[] = [];
    const charge = async () => {
      await syncClassCharges(tx, adminUserId, pending, 'Class confirmed');
      pending = [];
    };
    for (const [i, lesson] of own.entries()) {
      const purchases = plan.filter((p) => p.beforeIndex === i);
      if (purchases.length || lesson === attendanceFix || lesson === timesFix) await charge();
      for (const purchase of purchases) {
        const day = DateTime.fromJSDate(lesson.startAt, { zone: timeZone }).minus({ days: purchase.refund ? 1 : 2 });
        const locked = await lockStudentBalance(tx, organisationId, student.id);
        n += 1;
        await postVoucherPurchase(tx, locked, adminUserId, {
          studentId: student.id,
          type: purchase.refund ? 'REFUND' : 'PURCHASE',
          purchaseDate: day.toISODate() as string,
          voucherAmount: purchase.amount.toFixed(2),
          giftAmount: purchase.gift.toFixed(2),
          paymentMethod: purchase.method,
          comments: purchase.refund
            ? 'Part of the first package refunded: fewer lessons over the holidays'
            : purchase.gift
              ? 'Package with a loyalty gift'
              : null,
          idempotencyKey: `demo-${student.id}-${n}`,
        });
      }
      pending.push(lesson.scheduleId);
      if (lesson === attendanceFix) {
        await charge();
        await tx.scheduleStudent.updateMany({
          where: { scheduleId: lesson.scheduleId },
          data: { attendance: 'ABSENT' },
        });
        await syncClassCharges(tx, adminUserId, [lesson.scheduleId], 'Attendance changed');
        await tx.scheduleStudent.updateMany({
          where: { scheduleId: lesson.scheduleId },
          data: { attendance: 'ATTENDED' },
        });
        await syncClassCharges(tx, adminUserId, [lesson.scheduleId], 'Attendance changed');
      }
      if (lesson === timesFix) {
        await charge();
        await tx.schedule.update({
          where: { id: lesson.scheduleId },
          data: { endAt: shortened(lesson), teacherEndAt: shortened(lesson) },
        });
        await syncClassCharges(tx, adminUserId, [lesson.scheduleId], 'Class times changed');
      }
    }
    await charge();
  }

  await seedFeedback(tx, options);
  await seedBulkEmail(tx, options);
  await seedLowBalanceNotices(tx, options);
  await seedPayroll(tx, options);
  return { voucherStudents: students.length, lessons: lessons.length };
}

/**
 * Completed classes with an attending student whose family gets feedback: submitted a few hours after
 * the class, with one SENT message per family (the second-latest of the third student's: FAILED after
 * its retries), except the last week's, which wait for feedback. syncFeedbackStatus then stores the
 * status and the operators' notices, as it does after a real submission.
 */
async function seedFeedback(tx: Tx, { organisationId, timeZone, now, random }: DemoMoneyOptions) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const centre = await tx.organisation.findUniqueOrThrow({ where: { id: organisationId }, select: { name: true } });
  const classes = await tx.schedule.findMany({
    where: {
      organisationId,
      status: 'COMPLETED',
      students: { some: { attendance: 'ATTENDED', student: { feedbackNotification: true, allowEmail: true } } },
    },
    orderBy: [{ startAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      startAt: true,
      endAt: true,
      course: { select: { name: true } },
      teacher: { select: { user: { select: { id: true, firstName: true, lastName: true } } } },
      students: {
        select: {
          attendance: true,
          student: {
            select: {
              id: true,
              firstName: true,
              lastName: true,
              email: true,
              allowEmail: true,
              feedbackEmail: true,
              feedbackNotification: true,
            },
          },
        },
      },
    },
  });
  const weekAgo = now.getTime() - 7 * DAY;
  const submitted = classes.filter((c) => c.startAt.getTime() < weekAgo);
  const missing = classes.filter((c) => c.startAt.getTime() >= weekAgo);
  // The failed one: the latest submitted class of a family with a parent's address.
  const failing = submitted.filter((c) => c.students.some((s) => s.student.feedbackEmail)).at(-1);
  const feedbackRows: Prisma.ScheduleFeedbackCreateManyInput[] = [];
  const studentRows: Prisma.StudentFeedbackCreateManyInput[] = [];
  const messages: Prisma.MessageCreateManyInput[] = [];
  for (const row of submitted) {
    const user = row.teacher?.user;
    const submittedAt = new Date(row.endAt.getTime() + 3 * 3_600_000);
    const texts = {
      teachingContent: pick(TEACHING),
      studentPerformance: pick(PERFORMANCE),
      assignment: pick(ASSIGNMENT),
    };
    await tx.scheduleFeedback.create({
      data: {
        scheduleId: row.id,
        ...texts,
        submittedAt,
        submittedById: user?.id ?? null,
        updatedById: user?.id ?? null,
      },
    });
    const content = {
      centre: { name: centre.name, timeZone },
      course: row.course.name,
      teacher: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      startAt: row.startAt,
      endAt: row.endAt,
      ...texts,
    };
    for (const { student } of row.students) {
      const recipient = feedbackRecipient(student);
      if (!recipient) continue;
      const words = `${student.firstName} ${pick(['worked well today.', 'made good progress.', 'kept up nicely.'])}`;
      studentRows.push({ scheduleId: row.id, studentId: student.id, content: words });
      const email = feedbackEmail(content, { ...student, content: words });
      const failed = row === failing;
      const attemptAt = new Date(submittedAt.getTime() + (failed ? 40 : 1) * 60_000);
      messages.push({
        organisationId,
        channel: 'EMAIL',
        recipient,
        recipientName: `${student.firstName} ${student.lastName}`,
        template: FEEDBACK_TEMPLATE,
        subject: email.subject,
        bodyText: email.text,
        bodyHtml: email.html,
        status: failed ? 'FAILED' : 'SENT',
        attempts: failed ? 5 : 1,
        error: failed
          ? `550 5.1.1 <${recipient}>: Recipient address rejected: User unknown in virtual mailbox table`
          : null,
        providerMessageId: failed ? null : `<feedback-${row.id}-${student.id}@demo.levelup.test>`,
        entityType: 'SCHEDULE',
        entityId: row.id,
        queuedById: user?.id ?? null,
        idempotencyKey: feedbackKey(row.id, student.id),
        queuedAt: submittedAt,
        lastAttemptAt: attemptAt,
        sentAt: failed ? null : attemptAt,
        failedAt: failed ? attemptAt : null,
      });
    }
  }
  await tx.scheduleFeedback.createMany({ data: feedbackRows });
  await tx.studentFeedback.createMany({ data: studentRows });
  await tx.message.createMany({ data: messages });
  await syncFeedbackStatus(
    tx,
    classes.map((c) => c.id),
  );
  // Today's reminder about the classes waiting for feedback counts as done (the job's own claim), so
  // the first start of the app sends no reminder email; tomorrow's goes out as usual.
  const day = feedbackReminderDay(now, timeZone);
  if (missing.length && day)
    await tx.feedbackReminder.createMany({
      data: missing.map((c) => ({ scheduleId: c.id, day: new Date(`${day}T00:00:00Z`) })),
      skipDuplicates: true,
    });
}

/** A bulk email twelve days ago (10:15 local) to the first students' families: all delivered but one address. */
async function seedBulkEmail(tx: Tx, { organisationId, timeZone, adminUserId, now }: DemoMoneyOptions) {
  const recipients = await tx.student.findMany({
    where: { organisationId, active: true, allowEmail: true, email: { not: null } },
    orderBy: { id: 'asc' },
    take: 14,
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  const createdAt = DateTime.fromJSDate(now, { zone: timeZone })
    .minus({ days: 12 })
    .set({ hour: 10, minute: 15, second: 0, millisecond: 0 })
    .toJSDate();
  const finishedAt = new Date(createdAt.getTime() + 4 * 60_000);
  const subject = 'Winter term registration is open';
  const body =
    'Dear {firstName},\n\nRegistration for the winter term is open. Reply to this email or call the front desk to keep your place.\n\nLevel Up';
  const batch = await tx.emailBatch.create({
    data: {
      organisationId,
      subject,
      body,
      audience: { groups: ['STUDENTS'], courseId: null, teacherId: null, termId: null, lowBalance: false },
      recipientCount: recipients.length,
      createdById: adminUserId,
      createdAt,
      finishedAt,
    },
    select: { id: true },
  });
  const failedIndex = recipients.length - 3;
  await tx.message.createMany({
    data: recipients.map((r, i) => {
      const failed = i === failedIndex;
      const at = new Date(createdAt.getTime() + (failed ? 4 : 1) * 60_000 + i * 1000);
      return {
        organisationId,
        channel: 'EMAIL' as const,
        recipient: r.email as string,
        recipientName: `${r.firstName} ${r.lastName}`,
        template: 'bulk',
        subject,
        bodyText: body.replace('{firstName}', r.firstName),
        status: failed ? ('FAILED' as const) : ('SENT' as const),
        attempts: failed ? 5 : 1,
        error: failed ? `552 5.2.2 <${r.email}>: Mailbox full` : null,
        providerMessageId: failed ? null : `<bulk-${batch.id}-${r.id}@demo.levelup.test>`,
        queuedById: adminUserId,
        batchId: batch.id,
        idempotencyKey: `bulk:${batch.id}:student:${r.id}`,
        queuedAt: createdAt,
        lastAttemptAt: at,
        sentAt: failed ? null : at,
        failedAt: failed ? at : null,
      };
    }),
  });
  // What the settled hook tells the sender once no message of the batch is pending.
  await createNotices(tx, [adminUserId], {
    organisationId,
    type: 'BULK_EMAIL_FINISHED',
    entityType: 'EMAIL_BATCH',
    entityId: batch.id,
    data: { subject, sent: recipients.length - 1, failed: 1 },
    key: `BULK_EMAIL_FINISHED:batch:${batch.id}`,
  });
}

/** The low-balance job's notice to the operators for each voucher student below the threshold now. */
async function seedLowBalanceNotices(tx: Tx, { organisationId, now }: DemoMoneyOptions) {
  const centre = await tx.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { lowBalanceThreshold: true },
  });
  const low = await tx.student.findMany({
    where: lowBalanceWhere(organisationId, centre.lowBalanceThreshold, now),
    orderBy: { id: 'asc' },
    select: { id: true, studentId: true, firstName: true, lastName: true, voucherBalance: true },
  });
  const operators = await centreUsersWithRole(tx, organisationId);
  for (const student of low) {
    // The entry that took the student below the threshold: the first after which it stayed below.
    const above = await tx.voucherLedgerEntry.findFirst({
      where: { studentId: student.id, balanceAfter: { gte: centre.lowBalanceThreshold } },
      orderBy: { id: 'desc' },
      select: { id: true },
    });
    const dip = await tx.voucherLedgerEntry.findFirst({
      where: { studentId: student.id, id: { gt: above?.id ?? 0 } },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    if (!dip) continue;
    await createNotices(tx, operators, {
      organisationId,
      type: 'LOW_BALANCE',
      entityType: 'STUDENT',
      entityId: student.id,
      data: {
        name: `${student.firstName} ${student.lastName}`.trim(),
        studentId: student.studentId,
        balance: student.voucherBalance.toFixed(2),
        threshold: centre.lowBalanceThreshold.toFixed(2),
      },
      key: `LOW_BALANCE:student:${student.id}:${dip.id}`,
    });
  }
}

/**
 * Payroll: every month that is over since the first class, closed on the 5th of the next month by
 * the admin, as long as it has no blockers (a class still awaiting confirmation); the current month
 * stays open.
 */
async function seedPayroll(tx: Tx, { organisationId, timeZone, adminUserId, now }: DemoMoneyOptions) {
  const first = await tx.schedule.findFirst({
    where: { organisationId, status: 'COMPLETED' },
    orderBy: { startAt: 'asc' },
    select: { startAt: true },
  });
  if (!first) return;
  const current = monthOf(now, timeZone);
  for (let month = monthOf(first.startAt, timeZone); month < current; month = nextMonth(month)) {
    const range = monthRange(month, timeZone);
    const { count } = await findBlockers(tx, organisationId, range);
    if (count > 0) break;
    const closedAt = new Date(Math.min(range.end.getTime() + 4 * DAY + 15 * 3_600_000, now.getTime()));
    await writeClosedPeriod(tx, { organisationId, closedById: adminUserId, range, comments: null, closedAt });
  }
}
