// Everything the centre holds about a guardian's household, as one zip (issue 21; GDPR article 20,
// PIPEDA access): household.json (the household, its guardians, its children as the portal shows them),
// registrations.json, lessons.json, ledger.json, purchases.json, feedback.json, messages.json, and the
// PDFs the portal offers one by one (every purchase's receipt, every lesson's submitted feedback).
//
// Streamed (yazl): nothing is read before the zip reaches it. Each file is a lazy entry whose rows are
// read in keyset batches of EXPORT_BATCH and whose PDF is made when its turn comes, and the zip is piped
// into the reply, so a slow reader holds back the queries instead of the server holding years of rows.
// Never in it: staff notes and comments, teacher pay, internal comments, the audit, sign-in secrets,
// another family's child (a group lesson's feedback shows only this household's children).
import { Readable } from 'node:stream';
import type { Response } from 'express';
import { ZipFile } from 'yazl';
import { EXPORTS_PER_GUARDIAN_PER_HOUR } from '../../../src/contracts/privacy';
import { consumeOr429 } from '../../auth/code-throttle';
import { limiterPerClient } from '../../auth/rate-limit-store';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { isoDate, money } from '../../http/list';
import { log } from '../../http/log';
import type { Locale } from '../../i18n/locale';
import { feedbackClassSelect } from '../feedback/class-feedback';
import { feedbackPdfBytes, feedbackPdfName } from '../feedback/feedback-pdf';
import { guardianFactsSelect } from '../households/household-view';
import { type PortalScope, portalScope, teacherName } from '../portal/household-of';
import { portalFeedbackSelect, submittedFeedbackOf } from '../portal/portal-feedback';
import { portalEntrySelect, toPortalEntry } from '../portal/portal-ledger';
import { portalLessonSelect, toPortalLesson } from '../portal/portal-lessons';
import { receiptPdf, receiptSelect } from '../vouchers/voucher-receipt';
import { purchaseFactsSelect } from '../vouchers/voucher-view';
import { householdMessagesWhere, householdPeople } from './household-people';

/** Rows per query while streaming a file. */
export const EXPORT_BATCH = 500;
/** Records read per query for the PDFs (each PDF is made when the zip reaches it). */
export const PDF_BATCH = 50;

/**
 * Rows by id for PDFs made in `ids` order: the first asked loads it and the next PDF_BATCH - 1 in one
 * query; each row is dropped once taken, so at most one batch is held.
 */
function rowsInBatches<R>(ids: readonly number[], load: (ids: number[]) => Promise<(R & { id: number })[]>) {
  const position = new Map(ids.map((id, i) => [id, i]));
  let held = new Map<number, R>();
  return async (id: number): Promise<R> => {
    if (!held.has(id)) {
      const at = position.get(id) ?? 0;
      held = new Map((await load(ids.slice(at, at + PDF_BATCH))).map((row) => [row.id, row]));
    }
    const row = held.get(id);
    if (!row) throw new Error(`export: record ${id} vanished`);
    held.delete(id);
    return row;
  };
}

const exportThrottle = limiterPerClient({
  keyPrefix: 'portal_export',
  points: EXPORTS_PER_GUARDIAN_PER_HOUR,
  duration: 60 * 60,
});

/** The household's name as a file name part: letters and digits, else `household-<id>`. */
export function exportFileName(scope: Pick<PortalScope, 'householdId' | 'householdName'>, day: string) {
  const slug = scope.householdName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `levelup-${slug || `household-${scope.householdId}`}-${day}.zip`;
}

/** Today in the centre's zone, YYYY-MM-DD. */
const localDay = (timeZone: string, now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A JSON array written as its items arrive, one batch of `next(after)` at a time (keyset: the last id). */
function jsonArray(next: (after: number) => Promise<{ items: unknown[]; last: number | null }>): Readable {
  async function* chunks() {
    yield Buffer.from('[');
    let first = true;
    let after = 0;
    for (;;) {
      const { items, last } = await next(after);
      if (items.length) {
        const text = items.map((item, i) => `${first && i === 0 ? '' : ','}\n  ${JSON.stringify(item)}`).join('');
        first = false;
        yield Buffer.from(text);
      }
      if (last === null || items.length === 0) break;
      after = last;
    }
    yield Buffer.from('\n]\n');
  }
  return Readable.from(chunks(), { objectMode: false });
}

const withoutAttendance = <T extends { attendance: unknown }>({ attendance: _, ...rest }: T) => rest;

const jsonFile = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** One query's rows as a JSON array: `fetch(after, take)` reads the next rows by ascending id (keyset). */
function rowsFile<R extends { id: number }>(
  fetch: (after: number, take: number) => Promise<R[]>,
  map: (row: R) => unknown,
): Readable {
  return jsonArray(async (after) => {
    const rows = await fetch(after, EXPORT_BATCH);
    return { items: rows.map(map), last: rows.length === EXPORT_BATCH ? rows[rows.length - 1].id : null };
  });
}

/** The household's children: their ids, and one of them as {id, name}. */
function childrenOf(scope: PortalScope) {
  const nameOf = new Map(scope.children.map((c) => [c.id, c.name]));
  return { ids: scope.children.map((c) => c.id), child: (id: number) => ({ id, name: nameOf.get(id) }) };
}

/** The children's rows of the centre after keyset id `after`. */
const childRowsAfter = (scope: PortalScope, ids: number[], after: number) => ({
  organisationId: scope.organisationId,
  studentId: { in: ids },
  id: { gt: after },
});

async function householdFile(prisma: PrismaClient, scope: PortalScope) {
  const household = await prisma.household.findUniqueOrThrow({
    where: { id: scope.householdId },
    select: {
      id: true,
      name: true,
      lessonReminders: true,
      monthlyStatements: true,
      autoTopUp: true,
      autoTopUpFloor: true,
      autoTopUpAmount: true,
      autoTopUpLessons: true,
      cardBrand: true,
      cardLast4: true,
      cardExpMonth: true,
      cardExpYear: true,
      createdAt: true,
      organisation: { select: { name: true, currency: true, timeZone: true } },
      guardians: {
        orderBy: { id: 'asc' },
        select: {
          ...guardianFactsSelect,
          createdAt: true,
          user: { select: { login: true, activated: true } },
        },
      },
      students: {
        orderBy: [{ firstName: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          studentId: true,
          firstName: true,
          lastName: true,
          email: true,
          phone: true,
          wechat: true,
          feedbackEmail: true,
          allowEmail: true,
          allowSms: true,
          feedbackNotification: true,
          startDate: true,
          active: true,
          hourlyRate: true,
          voucherBalance: true,
          createdAt: true,
        },
      },
    },
  });
  const { organisation, guardians, students, cardBrand, cardLast4, cardExpMonth, cardExpYear, ...rest } = household;
  return {
    exportedAt: new Date().toISOString(),
    centre: { name: organisation.name, currency: organisation.currency, timeZone: organisation.timeZone },
    household: {
      ...rest,
      autoTopUpFloor: money(rest.autoTopUpFloor),
      autoTopUpAmount: money(rest.autoTopUpAmount),
      savedCard: cardLast4
        ? { brand: cardBrand, last4: cardLast4, expMonth: cardExpMonth, expYear: cardExpYear }
        : null,
    },
    guardians: guardians.map(({ user, ...g }) => ({
      ...g,
      portal: user ? { login: user.login, active: user.activated } : null,
    })),
    children: students.map(({ hourlyRate, voucherBalance, startDate, ...s }) => ({
      ...s,
      startDate: isoDate(startDate),
      /** The child's own rate per hour (what a lesson charges), never a teacher's pay. */
      hourlyRate: money(hourlyRate),
      balance: money(voucherBalance) ?? '0.00',
    })),
  };
}

/** Each child's lessons, oldest first, with the child's attendance. */
function lessonsFile(prisma: PrismaClient, scope: PortalScope) {
  const { ids: childIds, child } = childrenOf(scope);
  // By lesson: each lesson once, with every child of the household who was in it.
  return rowsFile(
    (after, take) =>
      prisma.schedule.findMany({
        where: {
          organisationId: scope.organisationId,
          id: { gt: after },
          students: { some: { studentId: { in: childIds } } },
        },
        orderBy: { id: 'asc' },
        take,
        select: {
          ...portalLessonSelect,
          students: { where: { studentId: { in: childIds } }, select: { studentId: true, attendance: true } },
        },
      }),
    (row) => ({
      ...withoutAttendance(toPortalLesson(row, null)),
      children: row.students.map((s) => ({ ...child(s.studentId), attendance: s.attendance })),
    }),
  );
}

function ledgerFile(prisma: PrismaClient, scope: PortalScope) {
  const { ids, child } = childrenOf(scope);
  return rowsFile(
    (after, take) =>
      prisma.voucherLedgerEntry.findMany({
        where: childRowsAfter(scope, ids, after),
        orderBy: { id: 'asc' },
        take,
        select: { ...portalEntrySelect, studentId: true },
      }),
    // As the portal's balance history shows it, with the child; `hasReceipt` is the portal's link only.
    (row) => {
      const { id, hasReceipt: _, ...entry } = toPortalEntry(row);
      return { id, child: child(row.studentId), ...entry };
    },
  );
}

function purchasesFile(prisma: PrismaClient, scope: PortalScope) {
  const { ids, child } = childrenOf(scope);
  return rowsFile(
    (after, take) =>
      prisma.voucherPurchase.findMany({
        where: childRowsAfter(scope, ids, after),
        orderBy: { id: 'asc' },
        take,
        // Never `comments` (the desk's note) or who entered it.
        select: { ...purchaseFactsSelect, studentId: true },
      }),
    (row) => ({
      id: row.id,
      child: child(row.studentId),
      type: row.type,
      date: isoDate(row.purchaseDate),
      amount: money(row.voucherAmount),
      gift: money(row.giftAmount),
      paymentMethod: row.paymentMethod,
      lessons: row.classCount,
      lessonRate: money(row.classRate),
      balanceAfter: money(row.balanceAfter),
      receipt: `receipts/receipt-${row.id}.pdf`,
    }),
  );
}

async function registrationsFile(prisma: PrismaClient, scope: PortalScope) {
  const rows = await prisma.termRegister.findMany({
    where: { organisationId: scope.organisationId, studentId: { in: scope.children.map((c) => c.id) } },
    orderBy: { id: 'asc' },
    // Never `comments` (the desk's note).
    select: {
      id: true,
      studentId: true,
      price: true,
      paymentType: true,
      paid: true,
      paidOn: true,
      paidMethod: true,
      term: { select: { name: true, startDate: true, endDate: true } },
      course: { select: { name: true } },
    },
  });
  const { child } = childrenOf(scope);
  return rows.map((r) => ({
    id: r.id,
    child: child(r.studentId),
    term: r.term.name,
    termStart: isoDate(r.term.startDate),
    termEnd: isoDate(r.term.endDate),
    course: r.course.name,
    price: money(r.price),
    paymentType: r.paymentType,
    paid: r.paid,
    paidOn: isoDate(r.paidOn),
    paidMethod: r.paidMethod,
  }));
}

function feedbackFile(prisma: PrismaClient, scope: PortalScope) {
  const { ids: childIds, child } = childrenOf(scope);
  return rowsFile(
    (after, take) =>
      prisma.schedule.findMany({
        where: { ...submittedFeedbackOf(scope.organisationId, childIds), id: { gt: after } },
        orderBy: { id: 'asc' },
        take,
        select: portalFeedbackSelect(childIds),
      }),
    // The portal's feedback list's facts under the export's own names (lessonId, submittedAt null, feedback).
    (row) => ({
      lessonId: row.id,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt.toISOString(),
      course: row.course.name,
      teacher: teacherName(row.teacher.user),
      submittedAt: row.feedback?.submittedAt?.toISOString() ?? null,
      teachingContent: row.feedback?.teachingContent ?? '',
      studentPerformance: row.feedback?.studentPerformance ?? '',
      assignment: row.feedback?.assignment ?? '',
      children: row.students.map(({ studentId }) => ({
        ...child(studentId),
        feedback: row.studentFeedback.find((f) => f.studentId === studentId)?.content ?? '',
      })),
      pdf: `feedback/${feedbackPdfName(row)}`,
    }),
  );
}

function messagesFile(prisma: PrismaClient, where: Prisma.MessageWhereInput) {
  return rowsFile(
    (after, take) =>
      prisma.message.findMany({
        where: { AND: [where, { id: { gt: after } }] },
        orderBy: { id: 'asc' },
        take,
        // What went to the family: when, how, to which address, about what, and whether it arrived.
        select: {
          id: true,
          channel: true,
          recipient: true,
          template: true,
          subject: true,
          status: true,
          queuedAt: true,
          sentAt: true,
        },
      }),
    (row) => ({
      id: row.id,
      date: (row.sentAt ?? row.queuedAt).toISOString(),
      channel: row.channel,
      to: row.recipient,
      kind: row.template,
      subject: row.subject,
      status: row.status,
    }),
  );
}

/**
 * GET /portal/export: the zip, piped into `res`. Throttled per guardian (429 before anything is read);
 * a failure after the first byte ends the reply early (the browser reports a failed download).
 */
export async function sendHouseholdExport(
  prisma: PrismaClient,
  auth: AuthContext,
  locale: Locale,
  res: Response,
): Promise<undefined> {
  const scope = await portalScope(prisma, auth);
  await consumeOr429(exportThrottle(prisma), `u${auth.userId}`, 'Too many downloads of your data.');
  const childIds = scope.children.map((c) => c.id);
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: scope.organisationId },
    select: { timeZone: true },
  });
  const people = await householdPeople(prisma, scope.householdId);
  const messagesWhere = householdMessagesWhere(scope.organisationId, people);
  // The PDFs to make: only ids now, each PDF when the zip reaches it.
  const [purchases, lessons] = await Promise.all([
    prisma.voucherPurchase.findMany({
      where: { organisationId: scope.organisationId, studentId: { in: childIds } },
      orderBy: { id: 'asc' },
      select: { id: true },
    }),
    prisma.schedule.findMany({
      where: submittedFeedbackOf(scope.organisationId, childIds),
      orderBy: { id: 'asc' },
      select: { id: true, startAt: true },
    }),
  ]);

  const zip = new ZipFile();
  const lazy = (name: string, make: () => Promise<Readable | Uint8Array>, compress = true) =>
    zip.addReadStreamLazy(name, { compressionLevel: compress ? 6 : 0 }, (done) => {
      make().then(
        (made) =>
          done(null, made instanceof Readable ? made : Readable.from([Buffer.from(made)], { objectMode: false })),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  lazy('household.json', async () => jsonFile(await householdFile(prisma, scope)));
  lazy('registrations.json', async () => jsonFile(await registrationsFile(prisma, scope)));
  lazy('lessons.json', async () => lessonsFile(prisma, scope));
  lazy('ledger.json', async () => ledgerFile(prisma, scope));
  lazy('purchases.json', async () => purchasesFile(prisma, scope));
  lazy('feedback.json', async () => feedbackFile(prisma, scope));
  lazy('messages.json', async () => messagesFile(prisma, messagesWhere));
  const receipt = rowsInBatches(
    purchases.map((p) => p.id),
    (ids) =>
      prisma.voucherPurchase.findMany({
        where: { id: { in: ids }, organisationId: scope.organisationId },
        select: receiptSelect,
      }),
  );
  for (const { id } of purchases) {
    lazy(`receipts/receipt-${id}.pdf`, async () => receiptPdf(await receipt(id), locale), false);
  }
  const mine = new Set(childIds);
  const feedbackClass = rowsInBatches(
    lessons.map((l) => l.id),
    (ids) => prisma.schedule.findMany({ where: { id: { in: ids } }, select: feedbackClassSelect }),
  );
  for (const lesson of lessons) {
    lazy(
      `feedback/${feedbackPdfName(lesson)}`,
      async () => feedbackPdfBytes(await feedbackClass(lesson.id), mine, locale),
      false,
    );
  }
  zip.end();

  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(scope, localDay(centre.timeZone))}"`);
  await new Promise<void>((resolve) => {
    zip.on('error', (error: unknown) => {
      // Headers are gone: end the reply so the download fails instead of saving half a zip as whole.
      log('error', 'household export failed', { householdId: scope.householdId, error: String(error) });
      res.destroy();
      resolve();
    });
    res.on('close', resolve);
    zip.outputStream.pipe(res);
  });
  return undefined;
}
