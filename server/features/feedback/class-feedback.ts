// Reading a class's feedback: who may (operators any class of their centre, a teacher their own),
// and its view with each student's opt-in and feedback email.
import type { TClassFeedback, TFeedbackBody } from '../../../src/contracts/feedback';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { notFound, organisationOf } from '../../http/tenancy';
import { teacherOfUser } from '../schedules/confirm-schedule';
import type { FeedbackContent } from './feedback-email';
import { FEEDBACK_TEMPLATE, feedbackRecipient, recipientSelect } from './feedback-status';

type Db = Prisma.TransactionClient | PrismaClient;
export type Access = 'operator' | 'teacher';

const userName = { select: { firstName: true, lastName: true, login: true } } as const;
export const personName = (u: { firstName: string | null; lastName: string | null; login?: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.login || '';

export const feedbackClassSelect = {
  id: true,
  organisationId: true,
  status: true,
  startAt: true,
  endAt: true,
  notificationStatus: true,
  course: { select: { id: true, name: true } },
  teacher: { select: { id: true, user: userName } },
  organisation: { select: { name: true, timeZone: true } },
  feedback: {
    select: {
      teachingContent: true,
      studentPerformance: true,
      assignment: true,
      submittedAt: true,
      updatedAt: true,
      submittedBy: userName,
      updatedBy: userName,
    },
  },
  studentFeedback: { select: { studentId: true, content: true } },
  students: {
    orderBy: [{ student: { firstName: 'asc' } }, { studentId: 'asc' }],
    select: {
      attendance: true,
      student: { select: { id: true, studentId: true, firstName: true, lastName: true, ...recipientSelect } },
    },
  },
} as const satisfies Prisma.ScheduleSelect;
export type FeedbackClass = Prisma.ScheduleGetPayload<{ select: typeof feedbackClassSelect }>;

/** The class if the caller may see its feedback: any class of an operator's centre, a teacher's own. */
export async function findFeedbackClass(db: Db, auth: AuthContext, id: number, access: Access) {
  const organisationId = organisationOf(auth);
  let teacherId: number | undefined;
  if (access === 'teacher') {
    const teacher = await teacherOfUser(db, auth);
    if (!teacher) throw notFound('Class', id);
    teacherId = teacher.id;
  }
  const row = await db.schedule.findFirst({ where: { id, organisationId, teacherId }, select: feedbackClassSelect });
  if (!row) throw notFound('Class', id);
  return row;
}

export function feedbackMessages(db: Db, scheduleId: number) {
  return db.message.findMany({
    where: { template: FEEDBACK_TEMPLATE, entityType: 'SCHEDULE', entityId: scheduleId },
    orderBy: { id: 'asc' },
    select: { id: true, status: true, attempts: true, error: true, sentAt: true, idempotencyKey: true },
  });
}

export const feedbackKey = (scheduleId: number, studentId: number) => `feedback:${scheduleId}:${studentId}`;

/** What the emails and the PDF are made of: the stored feedback, or `draft` when given. */
export function feedbackContent(row: FeedbackClass, draft?: TFeedbackBody): FeedbackContent {
  const source = draft ?? row.feedback;
  return {
    centre: row.organisation,
    course: row.course.name,
    teacher: personName(row.teacher.user),
    startAt: row.startAt,
    endAt: row.endAt,
    teachingContent: source?.teachingContent ?? '',
    studentPerformance: source?.studentPerformance ?? '',
    assignment: source?.assignment ?? '',
  };
}

/** Each student's own text: from `draft` when given, else as stored. */
export function studentTexts(row: FeedbackClass, draft?: TFeedbackBody): Map<number, string> {
  const list = draft ? (draft.students ?? []) : row.studentFeedback;
  return new Map(list.map((s) => [s.studentId, s.content ?? '']));
}

export async function classFeedbackView(db: Db, row: FeedbackClass, access: Access): Promise<TClassFeedback> {
  const messages = await feedbackMessages(db, row.id);
  const texts = studentTexts(row);
  const fb = row.feedback;
  return {
    schedule: {
      id: row.id,
      status: row.status,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt.toISOString(),
      course: row.course,
      teacher: { id: row.teacher.id, name: personName(row.teacher.user) },
      notificationStatus: row.notificationStatus,
    },
    teachingContent: fb?.teachingContent ?? '',
    studentPerformance: fb?.studentPerformance ?? '',
    assignment: fb?.assignment ?? '',
    submittedAt: fb?.submittedAt?.toISOString() ?? null,
    submittedBy: fb?.submittedBy ? personName(fb.submittedBy) : null,
    updatedAt: fb?.updatedAt.toISOString() ?? null,
    updatedBy: fb?.updatedBy ? personName(fb.updatedBy) : null,
    students: row.students.map(({ attendance, student }) => {
      const recipient = feedbackRecipient(student);
      const message = messages.find((m) => m.idempotencyKey === feedbackKey(row.id, student.id));
      return {
        id: student.id,
        studentId: student.studentId,
        name: `${student.firstName} ${student.lastName}`.trim(),
        attendance,
        content: texts.get(student.id) ?? '',
        optedIn: recipient !== null,
        // Parents' addresses are the centre's business: a teacher sees only whether an email goes out.
        recipient: access === 'operator' ? recipient : null,
        message: message
          ? {
              id: message.id,
              status: message.status,
              attempts: message.attempts,
              error: access === 'operator' ? message.error : null,
              sentAt: message.sentAt?.toISOString() ?? null,
            }
          : null,
      };
    }),
  };
}
