// Submitted feedback of lessons the household's children were in: the class sections and each of the
// household's children's own words (never another family's child), as a list and as a PDF.
import type { Response } from 'express';
import type { z } from 'zod';
import type { portalEndpoints, TPortalFeedback } from '../../../src/contracts/portal';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { pageArgs } from '../../http/list';
import { notFound } from '../../http/tenancy';
import { feedbackClassSelect } from '../feedback/class-feedback';
import type { FeedbackLang } from '../feedback/feedback-email';
import { sendFeedbackPdf } from '../feedback/feedback-pdf';
import { portalScope, teacherName, teacherNameSelect } from './household-of';

type Query = z.output<typeof portalEndpoints.feedback.query>;

/** Lessons of `organisationId` with submitted feedback that one of `childIds` was in. */
export const submittedFeedbackOf = (organisationId: number, childIds: number[]): Prisma.ScheduleWhereInput => ({
  organisationId,
  feedback: { submittedAt: { not: null } },
  students: { some: { studentId: { in: childIds } } },
});

/** A lesson's submitted feedback with only `childIds`' places and words (the portal list and the export). */
export const portalFeedbackSelect = (childIds: number[]) =>
  ({
    id: true,
    startAt: true,
    endAt: true,
    course: { select: { name: true } },
    teacher: teacherNameSelect,
    feedback: { select: { teachingContent: true, studentPerformance: true, assignment: true, submittedAt: true } },
    students: { where: { studentId: { in: childIds } }, select: { studentId: true } },
    studentFeedback: { where: { studentId: { in: childIds } }, select: { studentId: true, content: true } },
  }) as const satisfies Prisma.ScheduleSelect;

export async function portalFeedback(prisma: PrismaClient, auth: AuthContext, query: Query) {
  const scope = await portalScope(prisma, auth);
  const mine = scope.children.map((c) => c.id);
  // Another household's child answers 404, as a missing one does.
  if (query.childId !== undefined && !mine.includes(query.childId)) throw notFound('Student', query.childId);
  const childIds = query.childId === undefined ? mine : [query.childId];
  const where = submittedFeedbackOf(scope.organisationId, childIds);
  const [rows, total] = await prisma.$transaction([
    prisma.schedule.findMany({
      where,
      orderBy: [{ startAt: 'desc' }, { id: 'desc' }],
      ...pageArgs(query),
      select: portalFeedbackSelect(childIds),
    }),
    prisma.schedule.count({ where }),
  ]);
  const data: TPortalFeedback[] = rows.map((row) => ({
    scheduleId: row.id,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    course: row.course.name,
    teacher: teacherName(row.teacher.user),
    submittedAt: row.feedback?.submittedAt?.toISOString() ?? '',
    teachingContent: row.feedback?.teachingContent ?? '',
    studentPerformance: row.feedback?.studentPerformance ?? '',
    assignment: row.feedback?.assignment ?? '',
    children: row.students.map(({ studentId }) => ({
      id: studentId,
      name: scope.children.find((c) => c.id === studentId)?.name ?? '',
      content: row.studentFeedback.find((f) => f.studentId === studentId)?.content ?? '',
    })),
  }));
  return { data, total, success: true as const };
}

/** The lesson's submitted feedback as a PDF with the household's children only; 404 otherwise. */
export async function portalFeedbackPdf(
  prisma: PrismaClient,
  auth: AuthContext,
  id: number,
  res: Response,
  lang: FeedbackLang = 'en-US',
) {
  const scope = await portalScope(prisma, auth);
  const mine = scope.children.map((c) => c.id);
  const row = await prisma.schedule.findFirst({
    where: { id, ...submittedFeedbackOf(scope.organisationId, mine) },
    select: feedbackClassSelect,
  });
  if (!row) throw notFound('Class', id);
  return sendFeedbackPdf(row, res, new Set(mine), lang);
}
