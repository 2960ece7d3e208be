// Erasure on request (issue 21, Privacy): a guardian asks (one open request per household, the admins'
// notice, a confirmation email in the guardian's language), may withdraw; an admin completes it in one
// transaction: every personal field of the household's guardians, sign-ins, children and messages is
// anonymised (the rows are read back here), the ledger and purchases are untouched, the guardians are
// told by an email that still arrives, and the guardian can no longer sign in.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/app';
import { FORMER_FAMILY, FORMER_GUARDIAN, FORMER_STUDENT } from '../../src/contracts/privacy';
import { callerWith } from '../support/course-factories';
import { TEST_PASSWORD } from '../support/factories';
import { createHousehold } from '../support/household-factories';
import { startMessagingApp } from '../support/messaging-config';
import { createGuardianUser } from '../support/portal-factories';
import { createFamilyWithHistory } from '../support/privacy-factories';
import { createScheduleCentre, type ScheduleCentre } from '../support/schedule-factories';
import { type SmtpStandIn, startSmtpStandIn } from '../support/smtp-standin';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
let smtp: SmtpStandIn;
let messaging: Awaited<ReturnType<typeof startMessagingApp>>;
let app: ReturnType<typeof createApp>;
let c: ScheduleCentre;
let f: Awaited<ReturnType<typeof createFamilyWithHistory>>;
let guardian: ReturnType<typeof callerWith>;
let admin: ReturnType<typeof callerWith>;

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpStandIn();
  messaging = await startMessagingApp(ctx, { smtpUrl: smtp.url });
  app = messaging.app;
  c = await createScheduleCentre(ctx);
  f = await createFamilyWithHistory(ctx, c);
  guardian = callerWith(app, f.family.token);
  admin = callerWith(app, c.tokens.admin);
}, 120_000);
afterAll(async () => {
  await messaging?.stop();
  await smtp?.close();
  await ctx?.close();
});

describe('asking for erasure', () => {
  it('staff and teachers cannot ask; the portal shows no request before one', async () => {
    for (const token of [c.tokens.admin, c.tokens.operator, c.tokens.teacher]) {
      expect((await callerWith(app, token).post('/api/portal/erasure-request', {})).status).toBe(403);
    }
    const res = await guardian.get('/api/portal/privacy');
    expect(res.status).toBe(200);
    expect(res.body.erasure).toBeNull();
  });

  it('a reason longer than 1,000 characters is refused naming the field', async () => {
    const res = await guardian.post('/api/portal/erasure-request', { reason: 'x'.repeat(1001) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors?.[0]).toMatchObject({ field: 'reason' });
  });

  it('creates one open request, tells the admins (not operators) and emails the guardian a confirmation', async () => {
    const res = await guardian.post('/api/portal/erasure-request', { reason: 'We are moving away' });
    expect(res.status).toBe(201);
    expect(res.body.erasure).toMatchObject({ status: 'REQUESTED', reason: 'We are moving away' });
    const notices = await ctx.prisma.notice.findMany({
      where: { type: 'ERASURE_REQUESTED', organisationId: c.centre.id },
    });
    expect(notices.map((n) => n.userId)).toEqual([c.users.admin.id]);
    expect(notices[0]).toMatchObject({
      entityType: 'ERASURE_REQUEST',
      entityId: res.body.erasure.id,
      data: { household: 'Chen' },
    });
    const mail = await until(async () => smtp.received.find((m) => m.to.includes(f.family.user.email)));
    expect(mail.raw).toContain('received your request to erase your data');
  });

  it('a second request of the household is a 409 that says so', async () => {
    const res = await guardian.post('/api/portal/erasure-request', {});
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('Your household has already asked for erasure: the centre is handling it');
    const zh = await guardian.post('/api/portal/erasure-request', {}).set('Accept-Language', 'zh-CN');
    expect(zh.body.errorMessage).toBe('您的家庭已提交删除申请，中心正在处理');
  });

  it('the guardian may withdraw it (then the notice goes); withdrawing twice is a 409', async () => {
    const res = await guardian.delete('/api/portal/erasure-request');
    expect(res.status).toBe(200);
    expect(res.body.erasure.status).toBe('CANCELLED');
    expect(await ctx.prisma.notice.count({ where: { type: 'ERASURE_REQUESTED', organisationId: c.centre.id } })).toBe(
      0,
    );
    expect((await guardian.delete('/api/portal/erasure-request')).status).toBe(409);
    // And ask again.
    expect((await guardian.post('/api/portal/erasure-request', {})).status).toBe(201);
  });
});

describe('the admins’ list and rights', () => {
  it('lists the centre’s requests with household, children, who asked and status (admins only)', async () => {
    const res = await admin.get('/api/erasure-requests', { status: 'REQUESTED' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({
      household: 'Chen',
      students: ['Cleo Chen', 'Dan Diaz'],
      requestedBy: 'Mei Chen',
      status: 'REQUESTED',
    });
    for (const token of [c.tokens.operator, c.tokens.teacher, f.family.token]) {
      expect((await callerWith(app, token).get('/api/erasure-requests')).status).toBe(403);
    }
  });

  it('operators, teachers and guardians cannot complete; another centre’s admin gets 404', async () => {
    const id = (await admin.get('/api/erasure-requests')).body.data[0].id;
    for (const token of [c.tokens.operator, c.tokens.teacher, f.family.token]) {
      expect((await callerWith(app, token).post(`/api/erasure-requests/${id}/complete`, {})).status).toBe(403);
    }
    const other = await createScheduleCentre(ctx);
    expect((await callerWith(app, other.tokens.admin).post(`/api/erasure-requests/${id}/complete`, {})).status).toBe(
      404,
    );
    expect((await callerWith(app, other.tokens.admin).get('/api/erasure-requests')).body.total).toBe(0);
  });
});

describe('completing an erasure', () => {
  let ledgerBefore: { studentId: number; amount: string; entryDate: string; id: number }[];
  let purchasesBefore: unknown[];
  let eveBefore: unknown;
  let completed: request.Response;

  const ledgerRows = async () =>
    (
      await ctx.prisma.voucherLedgerEntry.findMany({
        where: { studentId: { in: [f.children.cleo.id, f.children.dan.id] } },
        orderBy: { id: 'asc' },
        select: { id: true, studentId: true, amount: true, entryDate: true, balanceAfter: true },
      })
    ).map((e) => ({
      ...e,
      amount: e.amount.toFixed(2),
      balanceAfter: e.balanceAfter.toFixed(2),
      entryDate: e.entryDate.toISOString(),
    }));
  const purchaseRows = () =>
    ctx.prisma.voucherPurchase.findMany({
      where: { studentId: { in: [f.children.cleo.id, f.children.dan.id] } },
      orderBy: { id: 'asc' },
    });

  beforeAll(async () => {
    ledgerBefore = await ledgerRows();
    purchasesBefore = await purchaseRows();
    eveBefore = await ctx.prisma.student.findUnique({ where: { id: f.eve.id } });
    smtp.received.length = 0;
    const id = (await admin.get('/api/erasure-requests', { status: 'REQUESTED' })).body.data[0].id;
    completed = await admin.post(`/api/erasure-requests/${id}/complete`, {});
  });

  it('answers the completed request, named "Former family"', () => {
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      household: FORMER_FAMILY,
      status: 'COMPLETED',
      reason: null,
      requestedBy: FORMER_GUARDIAN,
      students: [`${FORMER_STUDENT} ${f.children.cleo.id}`, `${FORMER_STUDENT} ${f.children.dan.id}`],
    });
    expect(completed.body.completedAt).toEqual(expect.any(String));
  });

  it('keeps the ledger and purchases exactly (amounts, dates, balances) and the cached balances', async () => {
    expect(await ledgerRows()).toEqual(ledgerBefore);
    expect(await purchaseRows()).toEqual(purchasesBefore);
    const sums = await ctx.prisma.voucherLedgerEntry.groupBy({
      by: ['studentId'],
      where: { studentId: { in: [f.children.cleo.id, f.children.dan.id] } },
      _sum: { amount: true },
      orderBy: { studentId: 'asc' },
    });
    expect(sums.map((s) => s._sum.amount?.toFixed(2))).toEqual(['160.00', '70.00']);
    const balances = await ctx.prisma.student.findMany({
      where: { id: { in: [f.children.cleo.id, f.children.dan.id] } },
      orderBy: { id: 'asc' },
      select: { voucherBalance: true },
    });
    expect(balances.map((b) => b.voucherBalance.toFixed(2))).toEqual(['160.00', '70.00']);
  });

  it('anonymises every personal field of the children, releases them from planned lessons and blanks their feedback words', async () => {
    const kids = await ctx.prisma.student.findMany({
      where: { id: { in: [f.children.cleo.id, f.children.dan.id] } },
      orderBy: { id: 'asc' },
    });
    for (const kid of kids) {
      expect(kid).toMatchObject({
        firstName: FORMER_STUDENT,
        lastName: String(kid.id),
        email: null,
        phone: null,
        wechat: null,
        comments: null,
        feedbackEmail: null,
        allowSms: false,
        allowEmail: false,
        feedbackNotification: false,
        active: false,
      });
      expect(kid.searchText).not.toMatch(/cleo|chen|dan|diaz/);
    }
    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: f.lessons.cleoNext } })).toBe(0);
    // Taught lessons keep their attendance.
    expect(await ctx.prisma.scheduleStudent.count({ where: { scheduleId: f.lessons.cleoPast } })).toBe(1);
    const words = await ctx.prisma.studentFeedback.findMany({
      where: { scheduleId: f.lessons.group },
      orderBy: { studentId: 'asc' },
    });
    expect(words.find((w) => w.studentId === f.children.dan.id)?.content).toBe('');
    // Another family's child in the same lesson keeps everything.
    expect(words.find((w) => w.studentId === f.eve.id)?.content).not.toBe('');
    expect(await ctx.prisma.student.findUnique({ where: { id: f.eve.id } })).toEqual(eveBefore);
    expect(await ctx.prisma.termRegister.findFirst({ where: { studentId: f.children.dan.id } })).toMatchObject({
      comments: null,
      price: expect.anything(),
    });
  });

  it('anonymises the guardians and the household', async () => {
    const guardians = await ctx.prisma.guardian.findMany({ where: { householdId: f.household.id } });
    expect(guardians).toHaveLength(2);
    for (const g of guardians) {
      expect(g).toMatchObject({
        name: FORMER_GUARDIAN,
        relationship: null,
        email: null,
        phone: null,
        wechat: null,
        allowEmail: false,
        allowSms: false,
        smsConsentAt: null,
        smsConsentSource: null,
      });
    }
    const household = await ctx.prisma.household.findUniqueOrThrow({ where: { id: f.household.id } });
    expect(household).toMatchObject({ name: FORMER_FAMILY, comments: null, calendarToken: null });
    expect(household.erasedAt).toBeInstanceOf(Date);
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: f.family.user.id } });
    expect(user).toMatchObject({ activated: false, passwordHash: null, phone: null, lastName: null });
    expect(user.login).not.toBe(f.family.user.login);
    expect(user.email).not.toBe(f.family.user.email);
    expect(user.searchText).not.toMatch(/mei|chen/);
    expect(await ctx.prisma.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });

  it('the guardian can no longer sign in, by the old login or email, and the old token is refused', async () => {
    for (const username of [f.family.user.login, f.family.user.email]) {
      const res = await request(app).post('/api/authenticate').send({ username, password: TEST_PASSWORD });
      expect(res.status).toBe(401);
    }
    expect((await guardian.get('/api/portal/home')).status).toBe(401);
  });

  it('blanks the messages to the household’s people, not the other family’s', async () => {
    const ids = [f.messages.guardian.id, f.messages.child.id, f.messages.sms.id];
    const rows = await ctx.prisma.message.findMany({ where: { id: { in: ids } } });
    for (const m of rows) {
      expect(m).toMatchObject({ recipient: '', recipientName: null, subject: null, bodyText: '', bodyHtml: null });
    }
    // The request's confirmation email went to Mei: blanked too.
    const requested = await ctx.prisma.message.findFirstOrThrow({ where: { template: 'erasure-requested' } });
    expect(requested).toMatchObject({ recipient: '', bodyText: '' });
    const other = await ctx.prisma.message.findUniqueOrThrow({ where: { id: f.messages.other.id } });
    expect(other).toMatchObject({ subject: 'Evans only subject' });
    expect(other.recipient).not.toBe('');
  });

  it('tells both guardians in their language by an email that arrives, then blanks it too', async () => {
    // Mei's earlier confirmation may still be arriving: pick the erasure emails by their words.
    const erased = (address: string) => smtp.received.find((m) => m.to.includes(address) && /As you asked/.test(m.raw));
    await until(
      async () => erased(f.family.user.email) && smtp.received.some((m) => m.to.includes('wei.chen@example.test')),
    );
    // Wei reads Chinese: one email, not the English one (its words are in a transfer encoding).
    const wei = smtp.received.filter((m) => m.to.includes('wei.chen@example.test'));
    expect(wei).toHaveLength(1);
    expect(wei[0].raw).not.toContain('As you asked');
    expect(wei[0].raw).toMatch(/Subject: =\?UTF-8\?/i);
    const told = await until(async () => {
      const rows = await ctx.prisma.message.findMany({ where: { template: 'erasure-completed' } });
      return rows.length === 2 && rows.every((m) => m.status === 'SENT' && m.recipient === '') && rows;
    });
    expect(told.every((m) => m.bodyText === '' && m.subject === null)).toBe(true);
  });

  it('tells the admins’ notice "Former family" and records the audit', async () => {
    const notice = await ctx.prisma.notice.findFirstOrThrow({
      where: { type: 'ERASURE_REQUESTED', organisationId: c.centre.id },
    });
    expect(notice.data).toEqual({ household: FORMER_FAMILY });
    const audit = await ctx.prisma.auditEvent.findMany({
      where: {
        organisationId: c.centre.id,
        entityType: 'STUDENT',
        entityId: { in: [f.children.cleo.id, f.children.dan.id] },
        actorId: c.users.admin.id,
      },
    });
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toMatch(/Cleo|Dan|cleo/);
  });

  it('completing it again is a 409; a new request of an erased household cannot be made (no sign-in left)', async () => {
    const again = await admin.post(`/api/erasure-requests/${completed.body.id}/complete`, {});
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe('This erasure request was completed already');
  });

  it('two requests of one household at once: one is made, the other is a 409', async () => {
    const h = await createHousehold(ctx.prisma, c.centre.id, { name: 'Twin' });
    const one = callerWith(app, (await createGuardianUser(ctx, c.centre.id, h.id, { name: 'One Twin' })).token);
    const two = callerWith(app, (await createGuardianUser(ctx, c.centre.id, h.id, { name: 'Two Twin' })).token);
    const answers = await Promise.all([
      one.post('/api/portal/erasure-request', {}),
      two.post('/api/portal/erasure-request', {}),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await ctx.prisma.erasureRequest.count({ where: { householdId: h.id } })).toBe(1);
  });

  it('a withdrawn request cannot be completed (409)', async () => {
    const h = await createHousehold(ctx.prisma, c.centre.id, { name: 'Park' });
    const g = await createGuardianUser(ctx, c.centre.id, h.id, { name: 'Pat Park' });
    const caller = callerWith(app, g.token);
    const asked = await caller.post('/api/portal/erasure-request', {});
    expect(asked.status).toBe(201);
    expect((await caller.delete('/api/portal/erasure-request')).status).toBe(200);
    const res = await admin.post(`/api/erasure-requests/${asked.body.erasure.id}/complete`, {});
    expect(res.status).toBe(409);
    expect(res.body.errorMessage).toBe('This erasure request was withdrawn by the family');
  });
});
