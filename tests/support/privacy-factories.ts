// A family with history for the privacy tests (issue 21: export and erasure): the Chen household (Cleo
// and Dan, a guardian who signs in, another who does not), purchases, a taught lesson, a group lesson
// with feedback shared with Eve of the Evans household, messages to both families, and staff-only notes
// that must never reach the family's export.
import yauzl from 'yauzl';
import { createHousehold } from './household-factories';
import { voucherPurchaseBody } from './money-factories';
import { createGuardianUser } from './portal-factories';
import { classBody, hoursFromNow, type ScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

/** Values that must never appear in the family's export. */
export const STAFF_ONLY = {
  teacherRate: '87.65',
  classNote: 'STAFF-ONLY class note',
  studentNote: 'STAFF-ONLY student note',
  householdNote: 'STAFF-ONLY household note',
  purchaseNote: 'STAFF-ONLY purchase note',
  registrationNote: 'STAFF-ONLY registration note',
  otherChildFeedback: 'Eve (another family) needs to revise',
  otherFamilyEmail: 'evans.parent@example.test',
} as const;

export async function createFamilyWithHistory(ctx: TestContext, c: ScheduleCentre) {
  const [cleo, dan, eve] = c.students;
  const household = await createHousehold(ctx.prisma, c.centre.id, { name: 'Chen', studentIds: [cleo.id, dan.id] });
  const evans = await createHousehold(ctx.prisma, c.centre.id, { name: 'Evans', studentIds: [eve.id] });
  await ctx.prisma.household.update({
    where: { id: household.id },
    data: { comments: STAFF_ONLY.householdNote, calendarToken: `feed${household.id}${'x'.repeat(30)}` },
  });
  const family = await createGuardianUser(ctx, c.centre.id, household.id, { name: 'Mei Chen' });
  await ctx.prisma.guardian.update({
    where: { id: family.guardian.id },
    data: {
      phone: '+1 416 555 0122',
      wechat: 'mei_wx',
      relationship: 'Mother',
      allowSms: true,
      smsConsentAt: new Date(),
      smsConsentSource: 'desk',
    },
  });
  const second = await ctx.prisma.guardian.create({
    data: {
      organisationId: c.centre.id,
      householdId: household.id,
      name: 'Wei Chen',
      email: 'wei.chen@example.test',
      langKey: 'zh-CN',
    },
  });
  await ctx.prisma.guardian.create({
    data: { organisationId: c.centre.id, householdId: evans.id, name: 'Ed Evans', email: STAFF_ONLY.otherFamilyEmail },
  });

  const buy = async (studentId: number, over: Record<string, unknown>) => {
    const res = await c.operator.post('/api/voucher-purchases', voucherPurchaseBody(studentId, over));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id as number;
  };
  const purchases = {
    cleo: await buy(cleo.id, { voucherAmount: '200.00', giftAmount: '20.00', comments: STAFF_ONLY.purchaseNote }),
    dan: await buy(dan.id, { voucherAmount: '100.00' }),
    eve: await buy(eve.id, { voucherAmount: '300.00' }),
  };
  const classOf = async (over: Parameters<typeof classBody>[1]) => {
    const res = await c.operator.post(
      '/api/schedules',
      classBody(c, { teacherHourlyRate: STAFF_ONLY.teacherRate, comments: STAFF_ONLY.classNote, ...over }),
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.schedule.id as number;
  };
  // Cleo's taught lesson (60.00 charged) and a group lesson of Dan and Eve with feedback on both.
  const cleoPast = await classOf({
    startAt: hoursFromNow(-50),
    endAt: hoursFromNow(-48.5),
    students: [{ studentId: cleo.id, hourlyRate: '40' }],
  });
  if ((await c.operator.post(`/api/schedules/${cleoPast}/confirm`, {})).status !== 200) throw new Error('confirm');
  const group = await classOf({
    courseType: 'GROUP',
    startAt: hoursFromNow(-30),
    endAt: hoursFromNow(-29),
    students: [
      { studentId: dan.id, hourlyRate: '30' },
      { studentId: eve.id, hourlyRate: '30' },
    ],
  });
  if ((await c.ann.caller.post(`/api/my-schedules/${group}/confirm`, {})).status !== 200) throw new Error('confirm');
  const submitted = await c.ann.caller.post(`/api/my-schedules/${group}/feedback/submit`, {
    teachingContent: 'Quadratic equations',
    studentPerformance: 'A lively group',
    assignment: 'Exercises 3.1',
    students: [
      { studentId: dan.id, content: 'Dan solved every equation.' },
      { studentId: eve.id, content: STAFF_ONLY.otherChildFeedback },
    ],
  });
  if (submitted.status !== 200) throw new Error(JSON.stringify(submitted.body));
  // Contact details after the purchases and feedback (the app here queues no receipt or feedback email).
  await ctx.prisma.student.update({
    where: { id: cleo.id },
    data: {
      comments: STAFF_ONLY.studentNote,
      email: 'cleo.chen@example.test',
      phone: '+1 416 555 0111',
      wechat: 'cleo_wx',
      feedbackEmail: 'cleo.feedback@example.test',
      allowSms: true,
      feedbackNotification: true,
    },
  });
  await ctx.prisma.student.update({ where: { id: dan.id }, data: { email: 'dan.diaz@example.test' } });
  // Cleo's next lesson (an erasure releases her from it).
  const cleoNext = await classOf({
    startAt: hoursFromNow(48),
    endAt: hoursFromNow(49),
    students: [{ studentId: cleo.id, hourlyRate: '40' }],
  });
  const term = await ctx.prisma.term.create({
    data: {
      organisationId: c.centre.id,
      name: 'Fall term',
      courseId: c.course.id,
      startDate: new Date('2026-09-01'),
      endDate: new Date('2026-12-20'),
    },
  });
  await ctx.prisma.termRegister.create({
    data: {
      organisationId: c.centre.id,
      termId: term.id,
      studentId: dan.id,
      courseId: c.course.id,
      paymentType: 'CASH',
      price: '450.00',
      comments: STAFF_ONLY.registrationNote,
    },
  });
  // Messages the centre sent: to the guardian, to Cleo's feedback address, and to the other family.
  const message = (recipient: string, subject: string, over: Record<string, unknown> = {}) =>
    ctx.prisma.message.create({
      data: {
        organisationId: c.centre.id,
        channel: 'EMAIL',
        recipient,
        recipientName: 'someone',
        template: 'bulk',
        subject,
        bodyText: `Body of ${subject}`,
        status: 'SENT',
        sentAt: new Date(),
        idempotencyKey: `privacy-test:${recipient}:${subject}:${Math.random()}`,
        ...over,
      },
    });
  const messages = {
    guardian: await message(family.user.email, 'Term starts Monday'),
    child: await message('cleo.feedback@example.test', 'Feedback for Cleo'),
    sms: await message('+14165550122', '', { channel: 'SMS', subject: null, bodyText: 'Reminder: lesson tomorrow' }),
    other: await message(STAFF_ONLY.otherFamilyEmail, 'Evans only subject'),
  };
  return {
    household,
    evans,
    family,
    secondGuardian: second,
    children: { cleo, dan },
    eve,
    purchases,
    lessons: { cleoPast, group, cleoNext },
    messages,
  };
}

/** A zip's files by name (yauzl, the project's zip reader). */
export function unzip(body: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
