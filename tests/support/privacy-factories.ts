// A family with history for the privacy tests (issue 21: export and erasure): the portal's Chen household
// (createChenFamily: purchases, a taught lesson, a group lesson with feedback shared with Eve of the Evans
// household, a registration, staff-only notes that must never reach the family's export) plus a second
// guardian who does not sign in, contact details, Cleo's next lesson and messages to both families.
import yauzl from 'yauzl';
import { createChenFamily, STAFF_ONLY } from './portal-factories';
import { hoursFromNow, type ScheduleCentre } from './schedule-factories';
import type { TestContext } from './test-app';

export { STAFF_ONLY };

export async function createFamilyWithHistory(ctx: TestContext, c: ScheduleCentre) {
  const [cleo, dan, eve] = c.students;
  const { household, evans, family, purchases, lessons, classOf, buy } = await createChenFamily(ctx, c, {
    guardianName: 'Mei Chen',
  });
  await ctx.prisma.household.update({
    where: { id: household.id },
    data: { calendarToken: `feed${household.id}${'x'.repeat(30)}` },
  });
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
  const eveBought = await buy(eve.id, { voucherAmount: '300.00' });
  // Contact details after the purchases and feedback (the app here queues no receipt or feedback email).
  await ctx.prisma.student.update({
    where: { id: cleo.id },
    data: {
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
    purchases: { ...purchases, eve: eveBought },
    lessons: { ...lessons, cleoNext },
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
