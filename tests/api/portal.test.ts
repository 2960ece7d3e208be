// The family portal (issue 21), read side: a guardian of a two-child household reads each child's
// balance, lessons, ledger in family words, submitted feedback and receipts, and nothing private: no
// teacher's pay rate, no staff notes, no other family's child. Figures are worked out here by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChenFamily, createGuardianUser, STAFF_ONLY } from '../support/portal-factories';
import { createScheduleCentre, hoursFromNow, type ScheduleCentre } from '../support/schedule-factories';
import { readBinary } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let c: ScheduleCentre;
let family: Awaited<ReturnType<typeof createGuardianUser>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  c = await createScheduleCentre(ctx);
  const [cleo, dan] = c.students;
  // Cleo 200.00 + 20.00 gift, Dan 100.00; Cleo's past one-on-one: 90 minutes at her 40.00 = 60.00 charged;
  // Dan and Eve (another family) in a past group lesson, Dan at 30.00 for an hour, feedback on both; Dan's
  // unpaid term registration (see createChenFamily).
  const chen = await createChenFamily(ctx, c);
  family = chen.family;
  ids.cleoPurchase = chen.purchases.cleo;
  ids.danPurchase = chen.purchases.dan;
  ids.cleoPast = chen.lessons.cleoPast;
  ids.group = chen.lessons.group;
  // Upcoming: two lessons for Cleo, one for Dan; a draft feedback elsewhere stays unseen.
  ids.cleoNext = await chen.classOf({
    startAt: hoursFromNow(24),
    endAt: hoursFromNow(25),
    address: '12 Main St',
    students: [{ studentId: cleo.id, hourlyRate: '40' }],
  });
  ids.cleoLater = await chen.classOf({
    startAt: hoursFromNow(72),
    endAt: hoursFromNow(73),
    students: [{ studentId: cleo.id, hourlyRate: '40' }],
  });
  ids.danNext = await chen.classOf({
    startAt: hoursFromNow(48),
    endAt: hoursFromNow(49),
    students: [{ studentId: dan.id, hourlyRate: '30' }],
  });
});
afterAll(() => ctx?.close());

const noSecrets = (body: unknown) => {
  const json = JSON.stringify(body);
  const { teacherRate, classNote, studentNote, householdNote, purchaseNote, registrationNote, otherChildFeedback } =
    STAFF_ONLY;
  for (const secret of [
    teacherRate,
    classNote,
    studentNote,
    householdNote,
    purchaseNote,
    registrationNote,
    otherChildFeedback,
  ]) {
    expect(json).not.toContain(secret);
  }
  expect(json).not.toMatch(/"(comments|teacherHourlyRate|note|createdBy|enteredBy|email|phone)"/);
};

describe('the portal home', () => {
  it('shows both children with balance, about N lessons left, next lessons, latest feedback and attention', async () => {
    const [cleo, dan] = c.students;
    const res = await family.caller.get('/api/portal/home');
    expect(res.status).toBe(200);
    noSecrets(res.body);
    expect(res.body.household.name).toBe('Chen');
    expect(res.body.children.map((k: { name: string }) => k.name)).toEqual(['Cleo Chen', 'Dan Diaz']);
    const [first, second] = res.body.children;
    // Cleo: 220.00 - 60.00 = 160.00; usual 60.00 -> about 2 lessons.
    expect(first).toMatchObject({ id: cleo.id, balance: '160.00', usualLessonCharge: '60.00', aboutLessonsLeft: 2 });
    expect(first.nextLessons.map((l: { id: number }) => l.id)).toEqual([ids.cleoNext, ids.cleoLater]);
    expect(first.nextLessons[0]).toMatchObject({
      course: 'Mathematics',
      teacher: 'Ann Archer',
      address: '12 Main St',
      status: 'PLANNED',
      attendance: null,
    });
    expect(first.latestFeedback).toBeNull();
    // Dan: 100.00 - 30.00 = 70.00; usual 30.00 -> about 2 lessons.
    expect(second).toMatchObject({ id: dan.id, balance: '70.00', usualLessonCharge: '30.00', aboutLessonsLeft: 2 });
    expect(second.nextLessons.map((l: { id: number }) => l.id)).toEqual([ids.danNext]);
    expect(second.latestFeedback).toMatchObject({ scheduleId: ids.group, course: 'Mathematics' });
    // The household balance is the sum of the children's balances: 160.00 + 70.00.
    expect(res.body.balance).toBe('230.00');
    // Both are under the centre's threshold (200.00) and pay by voucher; Dan's term is unpaid.
    expect(res.body.attention).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'LOW_BALANCE', childId: cleo.id, amount: '160.00' }),
        expect.objectContaining({ kind: 'LOW_BALANCE', childId: dan.id, amount: '70.00' }),
        expect.objectContaining({ kind: 'UNPAID_TERM', childId: dan.id, amount: '450.00', term: 'Fall term' }),
      ]),
    );
    expect(res.body.attention).toHaveLength(3);
  });

  it("equals the sum of each child's ledger for the household balance", async () => {
    const home = await family.caller.get('/api/portal/home');
    let cents = 0;
    for (const child of home.body.children as { id: number; balance: string }[]) {
      const ledger = await family.caller.get(`/api/portal/children/${child.id}/ledger`, { pageSize: 100 });
      const sum = (ledger.body.data as { amount: string }[]).reduce(
        (s, e) => s + Math.round(Number(e.amount) * 100),
        0,
      );
      expect(sum).toBe(Math.round(Number(child.balance) * 100));
      expect(ledger.body.balance).toBe(child.balance);
      cents += sum;
    }
    expect(Math.round(Number(home.body.balance) * 100)).toBe(cents);
  });

  it('answers a negative balance as needing attention, not as low', async () => {
    const [, , eve] = c.students;
    const evans = await ctx.prisma.household.findFirstOrThrow({ where: { students: { some: { id: eve.id } } } });
    const other = await createGuardianUser(ctx, c.centre.id, evans.id, { name: 'Ella Evans' });
    const res = await other.caller.get('/api/portal/home');
    expect(res.status).toBe(200);
    // Eve had no voucher: the group lesson took 30.00.
    expect(res.body.children).toMatchObject([{ id: eve.id, balance: '-30.00', aboutLessonsLeft: 0 }]);
    expect(res.body.attention).toMatchObject([{ kind: 'NEGATIVE_BALANCE', childId: eve.id, amount: '-30.00' }]);
    // Eve's family sees its own child's words, never Dan's.
    const feedback = await other.caller.get('/api/portal/feedback');
    expect(feedback.body.data[0].children).toEqual([
      { id: eve.id, name: 'Eve Evans', content: STAFF_ONLY.otherChildFeedback },
    ]);
    expect(JSON.stringify(feedback.body)).not.toContain('Dan solved');
  });
});

describe("a child's lessons and ledger", () => {
  it('lists upcoming lessons soonest first and past ones newest first, with attendance', async () => {
    const [cleo, dan] = c.students;
    const upcoming = await family.caller.get(`/api/portal/children/${cleo.id}/lessons`, { when: 'upcoming' });
    expect(upcoming.status).toBe(200);
    expect(upcoming.body).toMatchObject({ total: 2, success: true });
    expect(upcoming.body.data.map((l: { id: number }) => l.id)).toEqual([ids.cleoNext, ids.cleoLater]);
    const past = await family.caller.get(`/api/portal/children/${dan.id}/lessons`, { when: 'past' });
    expect(past.body.data).toMatchObject([
      { id: ids.group, status: 'COMPLETED', attendance: 'ATTENDED', hasFeedback: true, teacher: 'Ann Archer' },
    ]);
    noSecrets(upcoming.body);
    noSecrets(past.body);
  });

  it('explains a lesson charge with its date, hours, rate and attendance, and credits in family words', async () => {
    const [cleo] = c.students;
    const res = await family.caller.get(`/api/portal/children/${cleo.id}/ledger`);
    expect(res.status).toBe(200);
    noSecrets(res.body);
    expect(res.body).toMatchObject({ total: 3, balance: '160.00', child: { id: cleo.id, name: 'Cleo Chen' } });
    const [charge, gift, purchase] = res.body.data;
    expect(charge).toMatchObject({
      kind: 'LESSON_CHARGE',
      amount: '-60.00',
      balanceAfter: '160.00',
      hours: '1.50',
      rate: '40.00',
      price: null,
      attendance: 'ATTENDED',
      lesson: { id: ids.cleoPast, course: 'Mathematics', teacher: 'Ann Archer' },
      purchaseId: null,
      hasReceipt: false,
    });
    expect(charge.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(gift).toMatchObject({ kind: 'GIFT', amount: '20.00', purchaseId: ids.cleoPurchase, hasReceipt: false });
    expect(purchase).toMatchObject({
      kind: 'PURCHASE',
      amount: '200.00',
      balanceAfter: '200.00',
      purchaseId: ids.cleoPurchase,
      hasReceipt: true,
      lesson: null,
    });
  });

  it('shows a correction as the charge reversed, then charged again', async () => {
    const [cleo] = c.students;
    const mark = (attendance: string) =>
      c.operator.put(`/api/schedules/${ids.cleoPast}/students/${cleo.id}/attendance`, { attendance });
    expect((await mark('ABSENT')).status).toBe(200);
    let ledger = await family.caller.get(`/api/portal/children/${cleo.id}/ledger`);
    expect(ledger.body.data[0]).toMatchObject({
      kind: 'CHARGE_REVERSED',
      amount: '60.00',
      balanceAfter: '220.00',
      attendance: 'ABSENT',
      lesson: { id: ids.cleoPast },
    });
    expect(ledger.body.balance).toBe('220.00');
    expect((await mark('ATTENDED')).status).toBe(200);
    ledger = await family.caller.get(`/api/portal/children/${cleo.id}/ledger`);
    expect(ledger.body.data[0]).toMatchObject({ kind: 'LESSON_CHARGE', amount: '-60.00', balanceAfter: '160.00' });
    expect(ledger.body.total).toBe(5);
  });
});

describe('feedback and receipts', () => {
  it("lists submitted feedback with the household's children only, and gives its PDF", async () => {
    const [cleo, dan] = c.students;
    const res = await family.caller.get('/api/portal/feedback');
    expect(res.status).toBe(200);
    noSecrets(res.body);
    expect(res.body).toMatchObject({ total: 1 });
    expect(res.body.data[0]).toMatchObject({
      scheduleId: ids.group,
      teachingContent: 'Quadratic equations',
      assignment: 'Exercises 3.1',
      children: [{ id: dan.id, name: 'Dan Diaz', content: 'Dan solved every equation.' }],
    });
    expect((await family.caller.get('/api/portal/feedback', { childId: cleo.id })).body.total).toBe(0);
    expect((await family.caller.get('/api/portal/feedback', { childId: dan.id })).body.total).toBe(1);

    const pdf = await family.caller
      .download(`/api/portal/feedback/${ids.group}/pdf`)
      .buffer(true)
      .parse(readBinary as never);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A lesson without submitted feedback has no PDF for the family.
    expect((await family.caller.get(`/api/portal/feedback/${ids.cleoPast}/pdf`)).status).toBe(404);
  });

  it("gives a child's purchase receipt as a PDF", async () => {
    const res = await family.caller
      .download(`/api/portal/receipts/${ids.cleoPurchase}`)
      .buffer(true)
      .parse(readBinary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${ids.cleoPurchase}-`);
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
