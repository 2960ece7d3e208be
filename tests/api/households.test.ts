// Households (issue 21): the migration gives every student a household from their own contact
// details; the desk lists and finds them, merges siblings, moves a student, and keeps guardians with
// their SMS consent recorded. Other centres' households are 404, rights as records:manage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerWith } from '../support/course-factories';
import { createCentreWithStaff } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { createStudentRecord } from '../support/student-factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createCentreWithStaff>>;
let other: Awaited<ReturnType<typeof createCentreWithStaff>>;
let admin: ReturnType<typeof callerWith>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createCentreWithStaff(ctx);
  other = await createCentreWithStaff(ctx);
  admin = callerWith(ctx.app, staff.tokens.admin);
});
afterAll(() => ctx?.close());

const guardian = (fields: Record<string, unknown> = {}) => ({
  name: 'Mei Lee',
  relationship: 'Mother',
  email: 'mei.lee@example.com',
  phone: '+1 416 555 0101',
  langKey: 'zh-CN',
  ...fields,
});

describe('the households migration', () => {
  it('gives each student without one a household with their contact details and opt-ins as guardians', async () => {
    const centre = staff.centre.id;
    const both = await createStudentRecord(ctx.prisma, centre, { lastName: 'Chen' });
    await ctx.prisma.student.update({
      where: { id: both.id },
      data: {
        email: 'chen@example.com',
        phone: '416-555-0102',
        allowSms: true,
        allowEmail: false,
        feedbackEmail: 'Parent.Chen@example.com',
        feedbackNotification: true,
      },
    });
    const same = await createStudentRecord(ctx.prisma, centre, { lastName: 'Singh' });
    await ctx.prisma.student.update({
      where: { id: same.id },
      data: { email: 'singh@example.com', feedbackEmail: 'SINGH@example.com', feedbackNotification: true },
    });
    const none = await createStudentRecord(ctx.prisma, centre, { lastName: 'Roy' });
    const [{ made }] = await ctx.prisma.$queryRaw<{ made: number }[]>`SELECT "households_from_students"() AS made`;
    expect(made).toBeGreaterThanOrEqual(3);

    const household = async (id: number) =>
      ctx.prisma.household.findFirstOrThrow({
        where: { students: { some: { id } } },
        include: { guardians: { orderBy: { id: 'asc' } }, students: true },
      });
    const chen = await household(both.id);
    expect(chen).toMatchObject({ name: 'Chen', organisationId: centre });
    expect(chen.students.map((s) => s.id)).toEqual([both.id]);
    expect(chen.guardians).toMatchObject([
      {
        email: 'chen@example.com',
        phone: '416-555-0102',
        allowEmail: false,
        allowSms: true,
        receivesFeedback: false,
        smsConsentSource: 'student record (before households)',
      },
      {
        email: 'Parent.Chen@example.com',
        phone: null,
        allowEmail: true,
        allowSms: false,
        receivesFeedback: true,
        smsConsentAt: null,
      },
    ]);
    expect(chen.guardians[0].smsConsentAt).toBeInstanceOf(Date);
    // One address for both: one guardian, who receives the feedback.
    expect((await household(same.id)).guardians).toMatchObject([
      { email: 'singh@example.com', receivesFeedback: true },
    ]);
    expect((await household(none.id)).guardians).toEqual([]);

    // Run again: students who have a household keep it, nothing is made twice.
    const households = await ctx.prisma.household.count();
    const [{ again }] = await ctx.prisma.$queryRaw<{ again: number }[]>`SELECT "households_from_students"() AS again`;
    expect(again).toBe(0);
    expect(await ctx.prisma.household.count()).toBe(households);
  });
});

describe('households at the desk', () => {
  it('lists them with students, guardians and the sum of balances, and finds one by a guardian or a child', async () => {
    const h = await createHousehold(ctx.prisma, staff.centre.id, { name: 'Okafor' });
    await ctx.prisma.student.update({
      where: { id: h.studentIds[0] },
      data: { voucherBalance: '120.50', firstName: 'Ada' },
    });
    expect(
      (await admin.post(`/api/households/${h.id}/guardians`, guardian({ email: 'ngozi.okafor@example.com' }))).status,
    ).toBe(201);
    const byGuardian = await admin.get('/api/households', { q: 'ngozi.okafor' });
    expect(byGuardian.status).toBe(200);
    expect(byGuardian.body.data).toHaveLength(1);
    expect(byGuardian.body.data[0]).toMatchObject({
      id: h.id,
      name: 'Okafor',
      balance: '120.50',
      students: [{ name: 'Ada Okafor' }],
    });
    const byChild = await admin.get('/api/households', { q: 'ada okafor' });
    expect(byChild.body.data.map((x: { id: number }) => x.id)).toContain(h.id);
    // Another centre sees none of it.
    const theirs = await callerWith(ctx.app, other.tokens.admin).get('/api/households', { q: 'ngozi.okafor' });
    expect(theirs.body.data).toEqual([]);
    expect((await callerWith(ctx.app, other.tokens.admin).get(`/api/households/${h.id}`)).status).toBe(404);
  });

  it('merges siblings into one household and removes the other; balance is the sum of both', async () => {
    const a = await createHousehold(ctx.prisma, staff.centre.id, { name: 'Park' });
    const b = await createHousehold(ctx.prisma, staff.centre.id, { name: 'Park' });
    await ctx.prisma.student.update({ where: { id: a.studentIds[0] }, data: { voucherBalance: '40.00' } });
    await ctx.prisma.student.update({ where: { id: b.studentIds[0] }, data: { voucherBalance: '2.25' } });
    await admin.post(`/api/households/${b.id}/guardians`, guardian({ name: 'Ji-woo Park' })).expect(201);
    const merged = await admin.post(`/api/households/${a.id}/merge`, { householdId: b.id });
    expect(merged.status).toBe(200);
    expect(merged.body.students.map((s: { id: number }) => s.id).sort()).toEqual(
      [...a.studentIds, ...b.studentIds].sort(),
    );
    expect(merged.body.guardians.map((g: { name: string }) => g.name)).toEqual(['Ji-woo Park']);
    expect(merged.body.balance).toBe('42.25');
    expect(await ctx.prisma.household.findUnique({ where: { id: b.id } })).toBeNull();
  });

  it('refuses a merge into itself or with another centre, changing nothing', async () => {
    const a = await createHousehold(ctx.prisma, staff.centre.id);
    const self = await admin.post(`/api/households/${a.id}/merge`, { householdId: a.id });
    expect(self.status).toBe(400);
    expect(self.body.fieldErrors).toEqual([
      { field: 'householdId', message: 'A household cannot be merged into itself' },
    ]);
    const theirs = await createHousehold(ctx.prisma, other.centre.id);
    expect((await admin.post(`/api/households/${a.id}/merge`, { householdId: theirs.id })).status).toBe(404);
    expect(await ctx.prisma.student.count({ where: { householdId: theirs.id } })).toBe(1);
    expect(await ctx.prisma.student.count({ where: { householdId: a.id } })).toBe(1);
  });

  it('moves a student into a household; the household left empty goes, with its guardians', async () => {
    const stay = await createHousehold(ctx.prisma, staff.centre.id, { name: 'Gagnon' });
    const leave = await createHousehold(ctx.prisma, staff.centre.id, { name: 'Gagnon' });
    await admin.post(`/api/households/${leave.id}/guardians`, guardian()).expect(201);
    const moved = await admin.post(`/api/households/${stay.id}/students`, { studentId: leave.studentIds[0] });
    expect(moved.status).toBe(200);
    expect(moved.body.students).toHaveLength(2);
    expect(await ctx.prisma.household.findUnique({ where: { id: leave.id } })).toBeNull();
    expect(await ctx.prisma.guardian.count({ where: { householdId: leave.id } })).toBe(0);
    const again = await admin.post(`/api/households/${stay.id}/students`, { studentId: leave.studentIds[0] });
    expect(again.status).toBe(400);
    expect(again.body.fieldErrors[0].field).toBe('studentId');
  });
});

describe('a household for a new student', () => {
  it("is made from the student's contact details, once", async () => {
    const created = await admin.post('/api/students', {
      studentId: 'HH-NEW-1',
      firstName: 'Lina',
      lastName: 'Haddad',
      email: 'lina@example.com',
      phone: '416 555 0177',
      allowSms: true,
      feedbackEmail: 'parents.haddad@example.com',
      feedbackNotification: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.householdId).toBeNull();
    const made = await admin.post('/api/households', { studentId: created.body.id });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Haddad',
      students: [{ id: created.body.id, name: 'Lina Haddad' }],
      guardians: [
        { email: 'lina@example.com', phone: '416 555 0177', allowSms: true, receivesFeedback: false },
        { email: 'parents.haddad@example.com', allowSms: false, receivesFeedback: true },
      ],
    });
    expect((await admin.get(`/api/students/${created.body.id}`)).body.householdId).toBe(made.body.id);
    const again = await admin.post('/api/households', { studentId: created.body.id });
    expect(again.status).toBe(409);
    expect(again.body.fieldErrors).toEqual([{ field: 'studentId', message: 'This student already has a household' }]);
    expect(await ctx.prisma.household.count({ where: { students: { some: { id: created.body.id } } } })).toBe(1);
  });
});

describe('guardians', () => {
  it('records SMS consent when given, keeps it while it stands and clears it when withdrawn', async () => {
    const h = await createHousehold(ctx.prisma, staff.centre.id);
    const added = await admin.post(`/api/households/${h.id}/guardians`, guardian({ allowSms: true }));
    expect(added.status).toBe(201);
    const [g] = added.body.guardians;
    expect(g).toMatchObject({
      name: 'Mei Lee',
      langKey: 'zh-CN',
      allowSms: true,
      smsConsentSource: `desk (${staff.admin.login})`,
    });
    expect(Date.now() - Date.parse(g.smsConsentAt)).toBeLessThan(60_000);
    const kept = await admin.put(
      `/api/households/${h.id}/guardians/${g.id}`,
      guardian({ allowSms: true, name: 'Mei Lee-Wong' }),
    );
    expect(kept.body.guardians[0]).toMatchObject({ name: 'Mei Lee-Wong', smsConsentAt: g.smsConsentAt });
    const withdrawn = await admin.put(`/api/households/${h.id}/guardians/${g.id}`, guardian({ allowSms: false }));
    expect(withdrawn.body.guardians[0]).toMatchObject({ allowSms: false, smsConsentAt: null, smsConsentSource: null });
    expect((await admin.delete(`/api/households/${h.id}/guardians/${g.id}`)).body.guardians).toEqual([]);
  });

  it('refuses a guardian without a way to reach them, or SMS without a phone, naming the field', async () => {
    const h = await createHousehold(ctx.prisma, staff.centre.id);
    const noContact = await admin.post(`/api/households/${h.id}/guardians`, guardian({ email: '', phone: null }));
    expect(noContact.status).toBe(400);
    expect(noContact.body.fieldErrors).toEqual([
      { field: 'email', message: 'Enter an email or a phone number to reach this guardian' },
    ]);
    const smsNoPhone = await admin.post(`/api/households/${h.id}/guardians`, guardian({ phone: '', allowSms: true }));
    expect(smsNoPhone.body.fieldErrors).toEqual([{ field: 'allowSms', message: 'SMS needs a phone number' }]);
    const noName = await admin.post(`/api/households/${h.id}/guardians`, guardian({ name: ' ' }));
    expect(noName.body.fieldErrors[0].field).toBe('name');
    expect(await ctx.prisma.guardian.count({ where: { householdId: h.id } })).toBe(0);
  });

  it("answers 404 for another household's guardian and another centre's household", async () => {
    const mine = await createHousehold(ctx.prisma, staff.centre.id);
    const sibling = await createHousehold(ctx.prisma, staff.centre.id);
    const g = (await admin.post(`/api/households/${sibling.id}/guardians`, guardian())).body.guardians[0];
    expect((await admin.put(`/api/households/${mine.id}/guardians/${g.id}`, guardian())).status).toBe(404);
    expect((await admin.delete(`/api/households/${mine.id}/guardians/${g.id}`)).status).toBe(404);
    const theirs = await createHousehold(ctx.prisma, other.centre.id);
    expect((await admin.post(`/api/households/${theirs.id}/guardians`, guardian())).status).toBe(404);
    expect(await ctx.prisma.guardian.count({ where: { householdId: theirs.id } })).toBe(0);
  });

  it('is for the desk: operators yes, teachers and the platform no', async () => {
    const h = await createHousehold(ctx.prisma, staff.centre.id);
    expect((await callerWith(ctx.app, staff.tokens.operator).get(`/api/households/${h.id}`)).status).toBe(200);
    expect((await callerWith(ctx.app, staff.tokens.teacher).get(`/api/households/${h.id}`)).status).toBe(403);
    expect((await callerWith(ctx.app, staff.tokens.system).get('/api/households')).status).toBe(403);
  });
});
