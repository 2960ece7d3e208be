// A family's data export (issue 21, Privacy): GET /api/portal/export streams a zip of JSON files and
// the PDFs the portal offers. The test unzips it and checks what is in it, that PDFs are PDFs, that no
// other family's data and no staff-only value or sign-in secret is in it, the rights, and the throttle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTS_PER_GUARDIAN_PER_HOUR } from '../../src/contracts/privacy';
import { callerWith } from '../support/course-factories';
import { createHousehold } from '../support/household-factories';
import { createGuardianUser } from '../support/portal-factories';
import { createFamilyWithHistory, STAFF_ONLY, unzip } from '../support/privacy-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let f: Awaited<ReturnType<typeof createFamilyWithHistory>>;
let files: Map<string, Buffer>;
let reply: { status: number; headers: Record<string, string> };

const json = (name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null');

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  f = await createFamilyWithHistory(ctx, c);
  const res = await f.family.caller.download('/api/portal/export').parse(readBinary as never);
  reply = { status: res.status, headers: res.headers as Record<string, string> };
  files = res.status === 200 ? await unzip(res.body as Buffer) : new Map();
}, 120_000);
afterAll(() => ctx?.close());

describe('the export zip', () => {
  it('is a zip named after the household and the day, sent as an attachment', () => {
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toMatch(
      /^attachment; filename="levelup-chen-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
  });

  it('holds the JSON files and every receipt and feedback PDF of the children', () => {
    const names = [...files.keys()].sort();
    expect(names).toEqual(
      [
        'feedback.json',
        `feedback/feedback-${f.lessons.group}-${new Date(json('feedback.json')[0].startAt).toISOString().slice(0, 10)}.pdf`,
        'household.json',
        'ledger.json',
        'lessons.json',
        'messages.json',
        'purchases.json',
        `receipts/receipt-${f.purchases.cleo}.pdf`,
        `receipts/receipt-${f.purchases.dan}.pdf`,
        'registrations.json',
      ].sort(),
    );
    for (const [name, bytes] of files) {
      if (name.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
    }
  });

  it('household.json: the household, its guardians and children, without secrets or staff notes', () => {
    const doc = json('household.json');
    expect(doc.household).toMatchObject({ id: f.household.id, name: 'Chen' });
    expect(doc.guardians.map((g: { name: string }) => g.name)).toEqual(['Mei Chen', 'Wei Chen']);
    expect(doc.guardians[0]).toMatchObject({
      email: f.family.user.email,
      phone: '+1 416 555 0122',
      relationship: 'Mother',
      allowSms: true,
      smsConsentSource: 'desk',
      portal: { login: f.family.user.login, active: true },
    });
    expect(doc.children.map((k: { firstName: string }) => k.firstName)).toEqual(['Cleo', 'Dan']);
    expect(doc.children[0]).toMatchObject({ email: 'cleo.chen@example.test', wechat: 'cleo_wx', balance: '160.00' });
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/passwordHash|tokenVersion|calendarToken|tokenHash|searchText|"comments"/);
    expect(text).not.toContain(f.household.calendarToken ?? 'no token');
  });

  it('lessons.json: each lesson with the household children and their attendance, no rates or notes', () => {
    const lessons = json('lessons.json');
    expect(lessons.map((l: { id: number }) => l.id)).toEqual(
      [f.lessons.cleoPast, f.lessons.group, f.lessons.cleoNext].sort((a, b) => a - b),
    );
    const group = lessons.find((l: { id: number }) => l.id === f.lessons.group);
    expect(group.children).toEqual([{ id: f.children.dan.id, name: 'Dan Diaz', attendance: 'ATTENDED' }]);
    expect(group).toMatchObject({ course: 'Mathematics', teacher: 'Ann Archer', hasFeedback: true });
  });

  it('ledger.json and purchases.json: the money in family words, balances adding up', () => {
    const ledger = json('ledger.json') as { child: { id: number }; kind: string; amount: string }[];
    expect(ledger.map((e) => e.kind).sort()).toEqual([
      'GIFT',
      'LESSON_CHARGE',
      'LESSON_CHARGE',
      'PURCHASE',
      'PURCHASE',
    ]);
    // The export's own fields: the portal's entry with the child, without the portal's receipt link.
    for (const entry of ledger) {
      expect(Object.keys(entry)).toEqual([
        'id',
        'child',
        'kind',
        'date',
        'amount',
        'balanceAfter',
        'hours',
        'rate',
        'price',
        'attendance',
        'lesson',
        'purchaseId',
      ]);
    }
    const sum = (id: number) =>
      ledger.filter((e) => e.child.id === id).reduce((total, e) => total + Math.round(Number(e.amount) * 100), 0);
    expect(sum(f.children.cleo.id)).toBe(16000);
    expect(sum(f.children.dan.id)).toBe(7000);
    const purchases = json('purchases.json');
    expect(purchases.map((p: { id: number }) => p.id)).toEqual([f.purchases.cleo, f.purchases.dan]);
    expect(purchases[0]).toMatchObject({
      amount: '200.00',
      gift: '20.00',
      receipt: `receipts/receipt-${f.purchases.cleo}.pdf`,
    });
    expect(json('registrations.json')).toEqual([
      expect.objectContaining({
        term: 'Fall term',
        price: '450.00',
        paid: false,
        child: { id: f.children.dan.id, name: 'Dan Diaz' },
      }),
    ]);
  });

  it('feedback.json: the lesson and only this family child’s words', () => {
    const [lesson] = json('feedback.json');
    expect(lesson).toMatchObject({ lessonId: f.lessons.group, teachingContent: 'Quadratic equations' });
    expect(lesson.children).toEqual([
      { id: f.children.dan.id, name: 'Dan Diaz', feedback: 'Dan solved every equation.' },
    ]);
  });

  it('messages.json: what the centre sent to the household (date, channel, subject, status)', () => {
    const messages = json('messages.json') as { id: number; channel: string; subject: string | null; status: string }[];
    expect(messages.map((m) => m.id)).toEqual([f.messages.guardian.id, f.messages.child.id, f.messages.sms.id]);
    expect(messages[0]).toMatchObject({ channel: 'EMAIL', subject: 'Term starts Monday', status: 'SENT' });
    expect(messages[2]).toMatchObject({ channel: 'SMS', to: '+14165550122' });
  });

  it('never holds another family’s data or a staff-only value', () => {
    const all = [...files.entries()]
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    for (const secret of Object.values(STAFF_ONLY)) expect(all).not.toContain(secret);
    expect(all).not.toContain('Evans');
    expect(all).not.toContain('Eve');
    expect(all).not.toContain('300.00');
    expect(all).not.toMatch(/"(teacherHourlyRate|enteredBy|createdBy|comments|note|passwordHash)"/);
    // The group lesson's PDF names Dan only (pdf-lib writes text as hex glyph strings: look for neither name in clear).
    const pdf = [...files.entries()].find(([name]) => name.startsWith('feedback/'))?.[1];
    expect(pdf?.toString('latin1')).not.toContain(STAFF_ONLY.otherChildFeedback);
  });
});

describe('rights and throttle', () => {
  it('staff and teachers are refused; a guardian of another household downloads only theirs', async () => {
    for (const token of [c.tokens.admin, c.tokens.operator, c.tokens.teacher]) {
      expect((await callerWith(ctx.app, token).get('/api/portal/export')).status).toBe(403);
    }
    const other = await createGuardianUser(ctx, c.centre.id, f.evans.id, { name: 'Ed Evans' });
    const res = await other.caller.download('/api/portal/export').parse(readBinary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('levelup-evans-');
    const theirs = await unzip(res.body as Buffer);
    const text = [...theirs.values()].map((b) => b.toString('latin1')).join('\n');
    expect(text).not.toContain('Cleo');
    expect(text).not.toContain('Dan solved');
    expect(JSON.parse(theirs.get('household.json')?.toString() ?? '{}').children).toHaveLength(1);
  });

  it('a household whose name has no Latin letters is named by its id', async () => {
    const h = await createHousehold(ctx.prisma, c.centre.id, { name: '王' });
    const g = await createGuardianUser(ctx, c.centre.id, h.id, { name: '王芳' });
    const res = await g.caller.download('/api/portal/export').parse(readBinary as never);
    expect(res.headers['content-disposition']).toContain(`levelup-household-${h.id}-`);
  });

  it(`allows ${EXPORTS_PER_GUARDIAN_PER_HOUR} exports an hour per guardian, then 429 with Retry-After`, async () => {
    const g = await createGuardianUser(ctx, c.centre.id, f.household.id, { name: 'Third Chen' });
    for (let i = 0; i < EXPORTS_PER_GUARDIAN_PER_HOUR; i++) {
      expect((await g.caller.download('/api/portal/export').parse(readBinary as never)).status).toBe(200);
    }
    const refused = await g.caller.get('/api/portal/export');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body.errorMessage).toContain('Too many downloads of your data.');
    // Another guardian of the same household still may.
    expect((await f.family.caller.download('/api/portal/export').parse(readBinary as never)).status).toBe(200);
  }, 60_000);
});

describe('a household with years of data', () => {
  it('three years of weekly lessons for two children, each with feedback, monthly purchases and 1,200 messages: ready well within a minute', async () => {
    const years = await createScheduleCentre(ctx);
    const [a, b] = years.students;
    const h = await createHousehold(ctx.prisma, years.centre.id, { name: 'Long', studentIds: [a.id, b.id] });
    const g = await createGuardianUser(ctx, years.centre.id, h.id, { name: 'Lee Long' });
    const organisationId = years.centre.id;
    const WEEKS = 156;
    const start = Date.UTC(2023, 8, 4, 21);
    await ctx.prisma.schedule.createMany({
      data: Array.from({ length: WEEKS * 2 }, (_, i) => {
        const startAt = new Date(start + Math.floor(i / 2) * 7 * 86_400_000 + (i % 2) * 3_600_000);
        const endAt = new Date(startAt.getTime() + 3_600_000);
        return {
          organisationId,
          status: 'COMPLETED' as const,
          courseType: 'ONE_ON_ONE' as const,
          courseId: years.course.id,
          teacherId: years.ann.id,
          startAt,
          endAt,
          teacherStartAt: startAt,
          teacherEndAt: endAt,
          paymentType: 'VOUCHER' as const,
          comments: `lesson ${i}`,
        };
      }),
    });
    const lessons = await ctx.prisma.schedule.findMany({
      where: { organisationId },
      orderBy: { id: 'asc' },
      select: { id: true },
    });
    await ctx.prisma.scheduleStudent.createMany({
      data: lessons.map((l, i) => ({
        scheduleId: l.id,
        studentId: i % 2 ? b.id : a.id,
        attendance: 'ATTENDED' as const,
      })),
    });
    await ctx.prisma.scheduleFeedback.createMany({
      data: lessons.map((l) => ({
        scheduleId: l.id,
        teachingContent: 'Fractions and decimals, with worked examples.',
        studentPerformance: 'Steady progress.',
        assignment: 'Page 12',
        submittedAt: new Date(),
      })),
    });
    await ctx.prisma.studentFeedback.createMany({
      data: lessons.map((l, i) => ({ scheduleId: l.id, studentId: i % 2 ? b.id : a.id, content: 'Well done.' })),
    });
    await ctx.prisma.voucherPurchase.createMany({
      data: Array.from({ length: 72 }, (_, i) => ({
        organisationId,
        studentId: i % 2 ? b.id : a.id,
        type: 'PURCHASE' as const,
        purchaseDate: new Date(Date.UTC(2023, 8 + Math.floor(i / 2), 1)),
        voucherAmount: '400.00',
        paymentMethod: 'CASH',
        enteredById: years.users.operator.id,
        idempotencyKey: `years-${i}`,
        balanceAfter: '400.00',
      })),
    });
    await ctx.prisma.message.createMany({
      data: Array.from({ length: 1200 }, (_, i) => ({
        organisationId,
        channel: 'EMAIL' as const,
        recipient: g.user.email,
        template: 'reminder',
        subject: `Reminder ${i}`,
        bodyText: 'Lesson tomorrow',
        status: 'SENT' as const,
        idempotencyKey: `years-message-${organisationId}-${i}`,
      })),
    });
    const started = performance.now();
    const res = await g.caller.download('/api/portal/export').parse(readBinary as never);
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(200);
    const zip = await unzip(res.body as Buffer);
    const count = (prefix: string) => [...zip.keys()].filter((n) => n.startsWith(prefix)).length;
    expect(count('feedback/')).toBe(WEEKS * 2);
    expect(count('receipts/')).toBe(72);
    // More rows than one batch: the JSON arrays stay whole across batches.
    expect(JSON.parse(zip.get('messages.json')?.toString() ?? '[]')).toHaveLength(1200);
    expect(JSON.parse(zip.get('lessons.json')?.toString() ?? '[]')).toHaveLength(WEEKS * 2);
    expect(JSON.parse(zip.get('feedback.json')?.toString() ?? '[]')).toHaveLength(WEEKS * 2);
    console.info(`export of ${zip.size} files, ${(res.body as Buffer).length} bytes: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);
  }, 180_000);
});
