// The portal's home: each child's balance and about how many lessons it covers at the child's usual
// lesson (their last lesson charge, as on the desk's student page), next lessons, latest feedback, and
// what needs the family's attention (a low or negative balance, an unpaid term registration, a declined
// auto top-up).
import type { TPortalAttention, TPortalChild, TPortalHome } from '../../../src/contracts/portal';
import { PORTAL_NEXT_LESSONS } from '../../../src/contracts/portal';
import { Prisma, type PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { money } from '../../http/list';
import { lowBalanceWhere } from '../vouchers/low-balance-rule';
import { lastClassCharge, usualClassCharge } from '../vouchers/usual-class';
import { portalScope, teacherName, teacherNameSelect } from './household-of';
import { portalLessonSelect, toPortalLesson } from './portal-lessons';

export async function portalHome(prisma: PrismaClient, auth: AuthContext): Promise<TPortalHome> {
  const scope = await portalScope(prisma, auth);
  const { organisationId } = scope;
  const ids = scope.children.map((c) => c.id);
  const now = new Date();
  const centre = await prisma.organisation.findUniqueOrThrow({
    where: { id: organisationId },
    select: { name: true, currency: true, lowBalanceThreshold: true },
  });
  const [students, low, unpaid] = await Promise.all([
    prisma.student.findMany({ where: { id: { in: ids }, organisationId }, select: { id: true, voucherBalance: true } }),
    prisma.student.findMany({
      where: { id: { in: ids }, ...lowBalanceWhere(organisationId, centre.lowBalanceThreshold, now) },
      select: { id: true },
    }),
    prisma.termRegister.findMany({
      where: { organisationId, studentId: { in: ids }, paid: false },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { studentId: true, price: true, course: { select: { name: true } }, term: { select: { name: true } } },
    }),
  ]);
  const children: TPortalChild[] = [];
  for (const child of scope.children) {
    const balance = students.find((s) => s.id === child.id)?.voucherBalance ?? new Prisma.Decimal(0);
    const [last, next, latest] = await Promise.all([
      lastClassCharge(prisma, organisationId, child.id),
      prisma.scheduleStudent.findMany({
        where: { studentId: child.id, schedule: { organisationId, status: 'PLANNED', startAt: { gte: now } } },
        orderBy: [{ schedule: { startAt: 'asc' } }, { scheduleId: 'asc' }],
        take: PORTAL_NEXT_LESSONS,
        select: { attendance: true, schedule: { select: portalLessonSelect } },
      }),
      prisma.schedule.findFirst({
        where: {
          organisationId,
          feedback: { submittedAt: { not: null } },
          students: { some: { studentId: child.id } },
        },
        orderBy: [{ startAt: 'desc' }, { id: 'desc' }],
        select: {
          id: true,
          startAt: true,
          course: { select: { name: true } },
          teacher: teacherNameSelect,
          feedback: { select: { submittedAt: true } },
        },
      }),
    ]);
    const usual = usualClassCharge(last);
    children.push({
      id: child.id,
      name: child.name,
      balance: money(balance) ?? '0.00',
      usualLessonCharge: money(usual),
      aboutLessonsLeft: usual ? (balance.gt(0) ? balance.div(usual).floor().toNumber() : 0) : null,
      nextLessons: next.map((r) => toPortalLesson(r.schedule, r.attendance)),
      latestFeedback: latest
        ? {
            scheduleId: latest.id,
            startAt: latest.startAt.toISOString(),
            course: latest.course.name,
            teacher: teacherName(latest.teacher.user),
            submittedAt: latest.feedback?.submittedAt?.toISOString() ?? '',
          }
        : null,
    });
  }
  const attention: TPortalAttention[] = [];
  for (const child of children) {
    const negative = child.balance.startsWith('-');
    if (negative || low.some((s) => s.id === child.id)) {
      attention.push({
        kind: negative ? 'NEGATIVE_BALANCE' : 'LOW_BALANCE',
        childId: child.id,
        childName: child.name,
        amount: child.balance,
        term: null,
        course: null,
      });
    }
  }
  for (const row of unpaid) {
    attention.push({
      kind: 'UNPAID_TERM',
      childId: row.studentId,
      childName: scope.children.find((c) => c.id === row.studentId)?.name ?? '',
      amount: money(row.price) ?? '0.00',
      term: row.term.name,
      course: row.course.name,
    });
  }
  const failed = await prisma.cardTopUp.findFirst({
    where: {
      householdId: scope.householdId,
      kind: 'AUTO',
      status: 'FAILED',
      household: { autoTopUpStoppedAt: { not: null } },
    },
    orderBy: { id: 'desc' },
    select: { studentId: true, amount: true },
  });
  if (failed)
    attention.push({
      kind: 'PAYMENT_FAILED',
      childId: failed.studentId,
      childName: scope.children.find((c) => c.id === failed.studentId)?.name ?? '',
      amount: failed.amount.toFixed(2),
      term: null,
      course: null,
    });
  const total = students.reduce((sum, s) => sum.plus(s.voucherBalance), new Prisma.Decimal(0));
  return {
    household: { id: scope.householdId, name: scope.householdName },
    centre: { name: centre.name, currency: centre.currency },
    children,
    attention,
    balance: money(total) ?? '0.00',
  };
}
