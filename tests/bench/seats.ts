// Freed seats (issue 22). Timed, never asserted: SEATS_BENCH_CLASSES (200) group classes in three days,
// each with a capacity of one seat taken by one student, another student holding a make-up credit of
// the class's course (its own course per class, so each seat has one make-up candidate) and a third on
// its waitlist; every guardian is reached by email. The lesson of each class's student is cancelled
// through cancelStudentLesson (by the family, from the desk, with the message queue), which calls
// seatFreed in the same transaction: a SeatRelease, the make-up holder's SeatOffer and its email are
// written before the commit, so the offer's Message rows exist when the cancellation returns (checked
// per class). With the message worker running in this process (pooled nodemailer to a local SMTP
// stand-in), each class's time from its cancellation's commit until its offer emails are SENT is read
// from their sentAt. Printed: median and p99 of the cancellation (start → commit, offers queued) and of
// commit → offers SENT (the target: under 60 s end to end), and the ratio of the cancellation
// with its offer against the same cancellation in a class without capacity (no seat to offer: the
// baseline), the two kinds alternating. Database: TEST_DATABASE_URL with TEST_DB=postgres, else
// in-memory PGlite.
import { performance } from 'node:perf_hooks';
import { cancelStudentLesson } from '../../server/features/lessons/cancel-lesson';
import { OFFER_TEMPLATE } from '../../server/features/seats/offers';
import { loadMessagingConfig } from '../../server/messaging/config';
import { startMessageWorker } from '../../server/messaging/deliver';
import { openMessageQueue } from '../../server/messaging/queue';
import { createCentreWithStaff } from '../support/factories';
import { startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext } from '../support/test-app';

const CLASSES = Number(process.env.SEATS_BENCH_CLASSES ?? 200);
const DAY = 86_400_000;

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchSeats(): Promise<void> {
  const ctx = await createTestContext();
  const { prisma } = ctx;
  const smtp = await startSmtpStandIn();
  const { centre, teacher, operator } = await createCentreWithStaff(ctx);
  const config = {
    ...loadMessagingConfig(ctx.target, { MESSAGE_CONCURRENCY: process.env.MESSAGE_CONCURRENCY }),
    smtpUrl: smtp.url,
    mailFrom: 'Level Up <bench@levelup.test>',
    pollingIntervalSeconds: 0.5,
  };
  const now = Date.now();
  const startAt = new Date(now + 3 * DAY);

  // Seed: CLASSES classes with a capacity (the measured ones) and CLASSES without (the baseline), a
  // course each; a household, guardian and student per seat taken, per credit holder, per waitlister.
  let t0 = performance.now();
  const t = await prisma.teacher.create({ data: { organisationId: centre.id, userId: teacher.id } });
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const courses = await prisma.course.createManyAndReturn({
    data: range(2 * CLASSES).map((i) => ({ organisationId: centre.id, name: `Seat course ${i}` })),
    select: { id: true },
  });
  const people = 4 * CLASSES; // 2N seated, N holders, N waiting
  const households = await prisma.household.createManyAndReturn({
    data: range(people).map((i) => ({ organisationId: centre.id, name: `Family ${i}` })),
    select: { id: true },
  });
  await prisma.guardian.createMany({
    data: households.map((h, i) => ({
      organisationId: centre.id,
      householdId: h.id,
      name: `Parent ${i}`,
      email: `parent${i}@family.test`,
    })),
  });
  const students = await prisma.student.createManyAndReturn({
    data: households.map((h, i) => ({
      organisationId: centre.id,
      studentId: `S${i}`,
      firstName: `Kid${i}`,
      lastName: `Family${i}`,
      householdId: h.id,
    })),
    select: { id: true },
  });
  const classes = await prisma.schedule.createManyAndReturn({
    data: courses.map((c, i) => ({
      organisationId: centre.id,
      status: 'PLANNED' as const,
      courseType: 'GROUP' as const,
      courseId: c.id,
      teacherId: t.id,
      startAt: new Date(startAt.getTime() + (i % 600) * 60_000),
      endAt: new Date(startAt.getTime() + (i % 600) * 60_000 + 3_600_000),
      teacherStartAt: startAt,
      teacherEndAt: new Date(startAt.getTime() + 3_600_000),
      paymentType: 'VOUCHER' as const,
      hourlyRate: 40,
      teacherHourlyRate: 30,
      capacity: i < CLASSES ? 1 : null,
    })),
    select: { id: true, courseId: true, capacity: true },
  });
  await prisma.scheduleStudent.createMany({
    data: classes.map((c, i) => ({ scheduleId: c.id, studentId: students[i].id })),
  });
  // The lesson that earned the holders' credits (a past class cancelled by the centre).
  const earned = await prisma.schedule.create({
    data: {
      organisationId: centre.id,
      status: 'CANCELLED',
      courseType: 'GROUP',
      courseId: courses[0].id,
      teacherId: t.id,
      startAt: new Date(now - 7 * DAY),
      endAt: new Date(now - 7 * DAY + 3_600_000),
      teacherStartAt: new Date(now - 7 * DAY),
      teacherEndAt: new Date(now - 7 * DAY + 3_600_000),
      paymentType: 'VOUCHER',
      cancelledBy: 'CENTRE',
    },
  });
  const measured = classes.slice(0, CLASSES);
  await prisma.makeUpCredit.createMany({
    data: measured.map((c, i) => ({
      organisationId: centre.id,
      studentId: students[2 * CLASSES + i].id,
      courseId: c.courseId,
      earnedScheduleId: earned.id,
      cancelledBy: 'CENTRE' as const,
      expiresAt: new Date(now + 60 * DAY),
    })),
  });
  await prisma.waitlistEntry.createMany({
    data: measured.map((c, i) => ({
      organisationId: centre.id,
      scheduleId: c.id,
      studentId: students[3 * CLASSES + i].id,
    })),
  });
  await prisma.$executeRawUnsafe('ANALYZE');
  const seedMs = performance.now() - t0;

  const queue = await openMessageQueue(ctx.target, config);
  const worker = await startMessageWorker(queue, prisma);

  const cancel = (c: { id: number }, i: number) =>
    prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: centre.id,
        scheduleId: c.id,
        studentId: students[i].id,
        by: 'FAMILY',
        reason: null,
        actorUserId: operator.id,
        source: 'DESK',
        queue,
      }),
    );

  // Alternating: a class with its offer, then a class without capacity (the baseline).
  const withOffer: number[] = [];
  const baseline: number[] = [];
  const committedAt = new Map<number, number>(); // class id → wall clock at commit
  t0 = performance.now();
  for (let i = 0; i < CLASSES; i++) {
    let began = performance.now();
    await cancel(classes[i], i);
    withOffer.push(performance.now() - began);
    committedAt.set(classes[i].id, Date.now());
    // Outside the timing: the offer's Message rows exist once the cancellation has committed.
    const offerIds = await prisma.seatOffer.findMany({
      where: { release: { scheduleId: classes[i].id } },
      select: { id: true },
    });
    const offerRows = await prisma.message.count({
      where: { template: OFFER_TEMPLATE, entityType: 'SEAT_OFFER', entityId: { in: offerIds.map((o) => o.id) } },
    });
    if (offerRows === 0) throw new Error(`class ${classes[i].id}: its offer was not queued with the cancellation`);
    began = performance.now();
    await cancel(classes[CLASSES + i], CLASSES + i);
    baseline.push(performance.now() - began);
  }
  const cancelAllMs = performance.now() - t0;

  // Wait for the worker to send every offer (bounded: 10 minutes).
  const drainStarted = performance.now();
  for (;;) {
    const left = await prisma.message.count({
      where: { template: OFFER_TEMPLATE, status: { in: ['QUEUED', 'SENDING'] } },
    });
    if (left === 0) break;
    if (performance.now() - drainStarted > 600_000) throw new Error(`${left} offers still unsent after 10 minutes`);
    await sleep(100);
  }
  await worker.stop();
  await queue.stop();

  const offers = await prisma.seatOffer.findMany({
    where: { release: { organisationId: centre.id } },
    select: { id: true, release: { select: { scheduleId: true } } },
  });
  const messages = await prisma.message.findMany({
    where: { template: OFFER_TEMPLATE, entityType: 'SEAT_OFFER' },
    select: { entityId: true, status: true, sentAt: true },
  });
  const classOfOffer = new Map(offers.map((o) => [o.id, o.release.scheduleId]));
  const lastSent = new Map<number, number>();
  for (const m of messages) {
    if (m.status !== 'SENT' || !m.sentAt) throw new Error(`offer message of offer ${m.entityId} is ${m.status}`);
    const classId = classOfOffer.get(m.entityId ?? -1);
    if (classId === undefined) throw new Error(`offer message ${m.entityId} without its offer`);
    lastSent.set(classId, Math.max(lastSent.get(classId) ?? 0, m.sentAt.getTime()));
  }
  if (offers.length !== CLASSES || lastSent.size !== CLASSES)
    throw new Error(`${offers.length} offers, ${lastSent.size} classes with offers sent, for ${CLASSES} classes`);
  const toSent = measured.map((c) => (lastSent.get(c.id) ?? 0) - (committedAt.get(c.id) ?? 0));

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const db = process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(
    `freed seats: ${CLASSES} classes (capacity 1, a make-up holder and a waitlister each) + ${CLASSES} without capacity (seed ${seedMs.toFixed(0)} ms)`,
  );
  console.log(
    `  cancellation, offer queued (start → commit)   median ${ms(quantile(withOffer, 0.5))}, p99 ${ms(quantile(withOffer, 0.99))}`,
  );
  console.log(
    `  same cancellation, no capacity (baseline)     median ${ms(quantile(baseline, 0.5))}, p99 ${ms(quantile(baseline, 0.99))}`,
  );
  console.log(
    `  ratio with offer / baseline: median ${(quantile(withOffer, 0.5) / quantile(baseline, 0.5)).toFixed(2)}, p99 ${(quantile(withOffer, 0.99) / quantile(baseline, 0.99)).toFixed(2)}`,
  );
  console.log(
    `  commit → offer email SENT (worker running)    median ${ms(quantile(toSent, 0.5))}, p99 ${ms(quantile(toSent, 0.99))} (target < 60 s)`,
  );
  console.log(
    `  ${2 * CLASSES} cancellations in ${cancelAllMs.toFixed(0)} ms; ${messages.length} offer emails, concurrency ${config.concurrency}; ${db}`,
  );
  await smtp.close();
  await ctx.close();
}
