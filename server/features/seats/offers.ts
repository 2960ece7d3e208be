// Freed-seat offers (issue 22). A seat freed in a PLANNED class with a capacity is recorded as a
// SeatRelease and offered, all at once, to the students holding an AVAILABLE make-up credit of the
// course that does not expire before the class; when there are none, to the waitlist (WAITING, in
// order). Each offer's guardians get email and SMS (by their choices for seat offers, SMS with their
// consent and to the primary contact by default: message-choices.ts; in their language) with a claim
// link held for the centre's offerHoldHours; only the token's sha256 is stored. A claim locks the
// release, so the first valid claim takes exactly the one seat; the other offers become TAKEN and their
// families are told. A job expires offers after the hold and offers the next wave while the seat is free.
import { createHash, randomBytes } from 'node:crypto';
import {
  SEAT_OFFER_EXPIRED_MESSAGE,
  SEAT_OFFER_TAKEN_MESSAGE,
  type TSeatOfferView,
} from '../../../src/contracts/seats';
import type { Prisma, PrismaClient, SeatOfferKind } from '../../generated/prisma/client';
import { AppError } from '../../http/errors';
import { enqueueMessagesOnce, type MessageInput } from '../../messaging/enqueue';
import type { MessageQueue } from '../../messaging/queue';
import { centreUsersWithRole, createNotices } from '../../notices/create-notices';
import { householdGuardiansSelect } from '../households/guardian-recipients';
import { kindRecipients } from '../households/message-choices';
import { useCredit as spendCredit } from '../lessons/credits';
import { lockClass } from '../schedules/class-change';
import { seatsFree } from './capacity';
import { type OfferFacts, offerEmail, offerSms, takenEmail, takenSms } from './offer-texts';

type Tx = Prisma.TransactionClient;

export const OFFER_TEMPLATE = 'seat-offer';
export const TAKEN_TEMPLATE = 'seat-taken';
export const OFFER_PATH = '/offers';

export const hashOfferToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const classSelect = {
  id: true,
  organisationId: true,
  status: true,
  capacity: true,
  courseId: true,
  startAt: true,
  endAt: true,
  course: { select: { name: true } },
  teacher: { select: { preferredName: true, user: { select: { firstName: true, lastName: true, login: true } } } },
  organisation: { select: { name: true, timeZone: true, offerHoldHours: true } },
} as const satisfies Prisma.ScheduleSelect;
type ClassRow = Prisma.ScheduleGetPayload<{ select: typeof classSelect }>;

/** Students who may be offered the seat: not in the class in any way, not offered this release yet. */
async function excluded(tx: Tx, scheduleId: number, releaseId: number) {
  const [lines, offered] = await Promise.all([
    tx.scheduleStudent.findMany({ where: { scheduleId }, select: { studentId: true } }),
    tx.seatOffer.findMany({ where: { releaseId }, select: { studentId: true } }),
  ]);
  return new Set([...lines, ...offered].map((r) => r.studentId));
}

interface Candidate {
  studentId: number;
  kind: SeatOfferKind;
  makeUpCreditId: number | null;
}

/** The next wave: make-up credit holders of the course (unless `after` is WAITLIST), else the waitlist. */
async function candidates(tx: Tx, klass: ClassRow, releaseId: number, after?: SeatOfferKind): Promise<Candidate[]> {
  const skip = await excluded(tx, klass.id, releaseId);
  if (after !== 'WAITLIST') {
    const credits = await tx.makeUpCredit.findMany({
      where: {
        organisationId: klass.organisationId,
        courseId: klass.courseId,
        status: 'AVAILABLE',
        expiresAt: { gte: klass.startAt },
        student: { active: true },
      },
      orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
      select: { id: true, studentId: true },
    });
    const holders = new Map<number, Candidate>();
    for (const c of credits)
      if (!skip.has(c.studentId) && !holders.has(c.studentId))
        holders.set(c.studentId, { studentId: c.studentId, kind: 'MAKE_UP', makeUpCreditId: c.id });
    if (holders.size) return [...holders.values()];
  }
  const waiting = await tx.waitlistEntry.findMany({
    where: { scheduleId: klass.id, status: 'WAITING' },
    orderBy: [{ joinedAt: 'asc' }, { id: 'asc' }],
    select: { studentId: true },
  });
  return waiting
    .filter((w) => !skip.has(w.studentId))
    .map((w) => ({ studentId: w.studentId, kind: 'WAITLIST' as const, makeUpCreditId: null }));
}

const teacherOf = (k: ClassRow) =>
  k.teacher.preferredName ||
  [k.teacher.user.firstName, k.teacher.user.lastName].filter(Boolean).join(' ') ||
  k.teacher.user.login;

/** The messages to the guardians of each student: the offer with its link, or "taken". */
async function familyMessages(
  tx: Tx,
  klass: ClassRow,
  offers: { id: number; studentId: number; token?: string; expiresAt: Date }[],
  template: typeof OFFER_TEMPLATE | typeof TAKEN_TEMPLATE,
  appUrl: string,
) {
  if (offers.length === 0) return [];
  const students = await tx.student.findMany({
    where: { id: { in: offers.map((o) => o.studentId) } },
    select: { id: true, firstName: true, household: { select: householdGuardiansSelect } },
  });
  const out: (MessageInput & { idempotencyKey: string })[] = [];
  for (const offer of offers) {
    const student = students.find((s) => s.id === offer.studentId);
    for (const { guardian: g, email, phone } of kindRecipients(student?.household?.guardians ?? [], 'SEAT_OFFERS')) {
      const facts: OfferFacts = {
        lang: g.langKey === 'zh-CN' ? 'zh-CN' : 'en-US',
        centre: klass.organisation.name,
        guardian: g.name,
        child: student?.firstName ?? '',
        course: klass.course.name,
        startAt: klass.startAt,
        endAt: klass.endAt,
        timeZone: klass.organisation.timeZone,
        link: offer.token ? `${appUrl}${OFFER_PATH}/${offer.token}` : undefined,
        expiresAt: offer.expiresAt,
      };
      const common = {
        organisationId: klass.organisationId,
        recipientName: g.name,
        template,
        entityType: 'SEAT_OFFER',
        entityId: offer.id,
      };
      const key = (channel: string) => `${template}:${offer.id}:${g.id}:${channel}`;
      if (email)
        out.push({
          ...common,
          channel: 'EMAIL',
          recipient: email,
          ...(template === OFFER_TEMPLATE ? offerEmail(facts) : takenEmail(facts)),
          idempotencyKey: key('EMAIL'),
        });
      if (phone)
        out.push({
          ...common,
          channel: 'SMS',
          recipient: phone,
          bodyText: template === OFFER_TEMPLATE ? offerSms(facts) : takenSms(facts),
          idempotencyKey: key('SMS'),
        });
    }
  }
  return out;
}

const appUrlOf = (queue?: MessageQueue) => (queue?.config.appUrl ?? 'http://localhost:8000').replace(/\/+$/, '');

/**
 * Offers the release's seat to the next wave (see candidates). Returns the offers made with their
 * tokens (only here are the tokens known: they leave by the messages). None: nobody to offer it to.
 */
export async function offerWave(
  tx: Tx,
  klass: ClassRow,
  releaseId: number,
  queue: MessageQueue | undefined,
  { after, now = new Date() }: { after?: SeatOfferKind; now?: Date } = {},
) {
  const wave = await candidates(tx, klass, releaseId, after);
  if (wave.length === 0) return [];
  const expiresAt = new Date(now.getTime() + klass.organisation.offerHoldHours * 3_600_000);
  const withTokens = wave.map((c) => ({ ...c, token: newToken() }));
  const rows = await tx.seatOffer.createManyAndReturn({
    data: withTokens.map((c) => ({
      releaseId,
      studentId: c.studentId,
      kind: c.kind,
      makeUpCreditId: c.makeUpCreditId,
      tokenHash: hashOfferToken(c.token),
      offeredAt: now,
      expiresAt,
    })),
    select: { id: true, studentId: true, expiresAt: true },
  });
  const offers = rows.map((r) => ({ ...r, token: withTokens.find((c) => c.studentId === r.studentId)?.token }));
  if (queue)
    await enqueueMessagesOnce(tx, queue, await familyMessages(tx, klass, offers, OFFER_TEMPLATE, appUrlOf(queue)));
  return offers;
}

/** The seat-freed hook's work: a release and its first wave, when the class is open and has a free seat. */
export async function releaseSeat(
  tx: Tx,
  input: { organisationId: number; scheduleId: number; freedByStudentId: number | null; queue?: MessageQueue },
) {
  const klass = await tx.schedule.findFirst({
    where: { id: input.scheduleId, organisationId: input.organisationId },
    select: classSelect,
  });
  if (klass?.status !== 'PLANNED' || klass.capacity === null) return null;
  const now = new Date();
  if (klass.startAt <= now) return null;
  if (((await seatsFree(tx, klass.id)) ?? 0) <= 0) return null;
  const release = await tx.seatRelease.create({
    data: {
      organisationId: klass.organisationId,
      scheduleId: klass.id,
      freedByStudentId: input.freedByStudentId,
      freedAt: now,
    },
    select: { id: true },
  });
  const offers = await offerWave(tx, klass, release.id, input.queue, { now });
  return { releaseId: release.id, offers };
}

const offerViewSelect = {
  id: true,
  status: true,
  kind: true,
  expiresAt: true,
  studentId: true,
  makeUpCreditId: true,
  releaseId: true,
  student: { select: { firstName: true, hourlyRate: true, householdId: true } },
  release: { select: { scheduleId: true, status: true, schedule: { select: classSelect } } },
} as const satisfies Prisma.SeatOfferSelect;
type OfferRow = Prisma.SeatOfferGetPayload<{ select: typeof offerViewSelect }>;

function toView(row: OfferRow, now = new Date()): TSeatOfferView {
  const k = row.release.schedule;
  const lapsed = row.status === 'OPEN' && row.expiresAt <= now;
  return {
    id: row.id,
    status: lapsed ? 'EXPIRED' : row.status,
    kind: row.kind,
    course: k.course.name,
    teacher: teacherOf(k),
    startAt: k.startAt.toISOString(),
    endAt: k.endAt.toISOString(),
    timeZone: k.organisation.timeZone,
    centre: k.organisation.name,
    child: row.student.firstName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The offer of a claim link (404 for a token that is not one). */
export async function offerByToken(db: PrismaClient | Tx, token: string) {
  const row = await db.seatOffer.findUnique({ where: { tokenHash: hashOfferToken(token) }, select: offerViewSelect });
  if (!row) throw new AppError('not_found', 'This offer link is not valid');
  return row;
}

export const viewOfOffer = (row: OfferRow) => toView(row);

/** The open offers (within their hold) to these students, soonest deadline first. */
export async function openOffersOf(db: PrismaClient | Tx, studentIds: number[]): Promise<TSeatOfferView[]> {
  const now = new Date();
  const rows = await db.seatOffer.findMany({
    where: { studentId: { in: studentIds }, status: 'OPEN', expiresAt: { gt: now } },
    orderBy: [{ expiresAt: 'asc' }, { id: 'asc' }],
    select: offerViewSelect,
  });
  return rows.map((row) => toView(row, now));
}

/**
 * What a claim leaves behind, in its transaction: the class's audit event (the student added; the
 * actor is the guardian's login on the portal, none for a public link) and the operators' SEAT_CLAIMED
 * notice linking to the class.
 */
async function recordClaim(tx: Tx, klass: ClassRow, offer: OfferRow, userId: number | null) {
  const student = await tx.student.findUniqueOrThrow({
    where: { id: offer.studentId },
    select: { firstName: true, lastName: true, studentId: true },
  });
  const name = `${student.firstName} ${student.lastName}`;
  await tx.auditEvent.create({
    data: {
      organisationId: klass.organisationId,
      actorId: userId,
      entityType: 'SCHEDULE',
      entityId: klass.id,
      action: 'UPDATE',
      before: { students: [] },
      after: {
        students: [
          {
            student: `${name} (${student.studentId})`,
            seatOffer: offer.kind,
            makeUpCreditId: offer.kind === 'MAKE_UP' ? offer.makeUpCreditId : null,
          },
        ],
      },
      notifyTeacher: false,
    },
  });
  const operators = await centreUsersWithRole(tx, klass.organisationId);
  await createNotices(tx, operators, {
    organisationId: klass.organisationId,
    type: 'SEAT_CLAIMED',
    entityType: 'SCHEDULE',
    entityId: klass.id,
    data: {
      student: name,
      course: klass.course.name,
      startAt: klass.startAt.toISOString(),
      kind: offer.kind,
      source: userId === null ? 'LINK' : 'PORTAL',
    },
    key: `SEAT_CLAIMED:${offer.id}`,
  });
}

/**
 * Claims the offer: under the release's lock (then the class's), the first valid claim adds the
 * student to the class (a make-up offer through its credit), closes the release and tells the other
 * families the seat is taken. A taken or expired offer is a 409 saying so; the same offer claimed
 * again answers as claimed.
 */
export async function claimOffer(
  prisma: PrismaClient,
  queue: MessageQueue | undefined,
  offerId: number,
  userId: number | null,
): Promise<TSeatOfferView> {
  const outcome = await prisma.$transaction(async (tx) => {
    const first = await tx.seatOffer.findUniqueOrThrow({ where: { id: offerId }, select: { releaseId: true } });
    await tx.$queryRaw`SELECT "id" FROM "SeatRelease" WHERE "id" = ${first.releaseId} FOR NO KEY UPDATE`;
    const offer = await tx.seatOffer.findUniqueOrThrow({ where: { id: offerId }, select: offerViewSelect });
    const klass = offer.release.schedule;
    await lockClass(tx, klass.id, klass.organisationId);
    const now = new Date();
    if (offer.status === 'CLAIMED') return { view: toView(offer, now) };
    if (offer.status === 'TAKEN' || offer.release.status === 'CLAIMED')
      return { refusal: SEAT_OFFER_TAKEN_MESSAGE } as const;
    if (offer.status === 'EXPIRED' || offer.expiresAt <= now || offer.release.status === 'EXPIRED')
      return { refusal: SEAT_OFFER_EXPIRED_MESSAGE } as const;
    if (klass.status !== 'PLANNED' || klass.startAt <= now)
      return { refusal: 'This class is no longer open to claim a seat' } as const;
    if (((await seatsFree(tx, klass.id)) ?? 1) <= 0) return { refusal: SEAT_OFFER_TAKEN_MESSAGE } as const;
    const line = await tx.scheduleStudent.findUnique({
      where: { scheduleId_studentId: { scheduleId: klass.id, studentId: offer.studentId } },
      select: { studentId: true },
    });
    if (line) return { refusal: 'This child is in the class already' } as const;

    if (offer.kind === 'MAKE_UP' && offer.makeUpCreditId !== null)
      await spendCredit(tx, {
        creditId: offer.makeUpCreditId,
        studentId: offer.studentId,
        scheduleId: klass.id,
        userId,
        now,
      });
    await tx.scheduleStudent.create({
      data: {
        scheduleId: klass.id,
        studentId: offer.studentId,
        hourlyRate: offer.kind === 'MAKE_UP' ? null : offer.student.hourlyRate,
        makeUpCreditId: offer.kind === 'MAKE_UP' ? offer.makeUpCreditId : null,
      },
    });
    await tx.seatOffer.update({ where: { id: offer.id }, data: { status: 'CLAIMED', claimedAt: now } });
    await tx.seatRelease.update({
      where: { id: offer.releaseId },
      data: { status: 'CLAIMED', claimedAt: now, claimedStudentId: offer.studentId },
    });
    await tx.waitlistEntry.updateMany({
      where: { scheduleId: klass.id, studentId: offer.studentId, status: 'WAITING' },
      data: { status: 'ENROLLED', endedAt: now },
    });
    await recordClaim(tx, klass, offer, userId);
    const others = await tx.seatOffer.findMany({
      where: { releaseId: offer.releaseId, status: 'OPEN', id: { not: offer.id } },
      select: { id: true, studentId: true, expiresAt: true },
    });
    await tx.seatOffer.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { status: 'TAKEN' } });
    if (queue)
      await enqueueMessagesOnce(tx, queue, await familyMessages(tx, klass, others, TAKEN_TEMPLATE, appUrlOf(queue)));
    const claimed = await tx.seatOffer.findUniqueOrThrow({ where: { id: offer.id }, select: offerViewSelect });
    return { view: toView(claimed, now) };
  });
  if ('refusal' in outcome && outcome.refusal) throw new AppError('conflict', outcome.refusal);
  return (outcome as { view: TSeatOfferView }).view;
}

/**
 * The expiry job: OPEN offers past their hold become EXPIRED; a release whose offers are all over and
 * whose seat is still free (the class PLANNED and ahead) is offered to the next wave, or expires.
 */
export async function runSeatOffers(prisma: PrismaClient, queue: MessageQueue | undefined, now = new Date()) {
  await prisma.seatOffer.updateMany({
    where: { status: 'OPEN', expiresAt: { lte: now } },
    data: { status: 'EXPIRED' },
  });
  const releases = await prisma.seatRelease.findMany({
    where: { status: 'OPEN', offers: { none: { status: 'OPEN' } } },
    select: { id: true },
  });
  let offered = 0;
  for (const { id } of releases) {
    offered += await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "SeatRelease" WHERE "id" = ${id} FOR NO KEY UPDATE`;
      const release = await tx.seatRelease.findUniqueOrThrow({
        where: { id },
        select: { status: true, schedule: { select: classSelect }, offers: { select: { kind: true, status: true } } },
      });
      if (release.status !== 'OPEN' || release.offers.some((o) => o.status === 'OPEN')) return 0;
      const klass = release.schedule;
      const open = klass.status === 'PLANNED' && klass.startAt > now && ((await seatsFree(tx, klass.id)) ?? 0) > 0;
      const last = release.offers.some((o) => o.kind === 'WAITLIST')
        ? 'WAITLIST'
        : release.offers.length
          ? 'MAKE_UP'
          : undefined;
      const wave = open ? await offerWave(tx, klass, id, queue, { after: last, now }) : [];
      if (wave.length === 0) await tx.seatRelease.update({ where: { id }, data: { status: 'EXPIRED' } });
      return wave.length;
    });
  }
  return offered;
}
