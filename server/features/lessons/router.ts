// Lesson policies (issue 22), the desk's and the portal's side of a cancellation: the centre's policy
// (admins change it, audited), the consequence of cancelling a student's lesson shown before anyone
// confirms, the cancellation posted once (refused when its outcome is no longer what was shown) and
// its undo. The make-up credit and booking endpoints live with the screens that use them.
import { Router } from 'express';
import { lessonEndpoints as endpoints, type TLessonPolicy } from '../../../src/contracts/lessons';
import { recordAudit } from '../../audit/record-audit';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../http/context';
import { route } from '../../http/route';
import { organisationOf } from '../../http/tenancy';
import type { Locale } from '../../i18n/locale';
import { render } from '../../i18n/text';
import { portalChild } from '../portal/household-of';
import {
  cancelStudentLesson,
  type LessonConsequence,
  type LessonEventResult,
  previewStudentCancellation,
  undoStudentCancellation,
} from './cancel-lesson';
import { loadPolicy, policySelect } from './policy';

const previewReply = (p: LessonConsequence, locale: Locale) => ({
  by: p.by,
  late: p.late,
  noticeHours: p.noticeHours,
  lessonStartAt: p.lessonStartAt.toISOString(),
  deadline: p.deadline.toISOString(),
  charge: p.charge,
  chargePercent: p.chargePercent,
  currency: p.currency,
  credit: p.credit,
  returnCredit: p.returnCredit,
  quotaReached: p.quotaReached,
  classCancelled: p.classCancelled,
  teacherPaid: p.teacherPaid,
  summary: render(p.summary, locale),
});

const outcomeReply = (r: LessonEventResult, locale: Locale) => ({
  scheduleId: r.scheduleId,
  studentId: r.studentId,
  by: r.by,
  late: r.late,
  cancelledAt: r.cancelledAt.toISOString(),
  charge: r.charge,
  creditId: r.creditId,
  classCancelled: r.classCancelled,
  teacherPaid: r.teacherPaid,
  summary: render(r.summary, locale),
  told: r.told,
});

/** Changes the centre's policy, audited (ORGANISATION UPDATE, the values before and after). */
async function savePolicy(prisma: AppDeps['prisma'], auth: AuthContext, body: TLessonPolicy) {
  const organisationId = organisationOf(auth);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Organisation" WHERE "id" = ${organisationId} FOR NO KEY UPDATE`;
    const before = await loadPolicy(tx, organisationId);
    const after = await tx.organisation.update({ where: { id: organisationId }, data: body, select: policySelect });
    await recordAudit(tx, auth, [
      {
        entity: 'ORGANISATION',
        entityId: organisationId,
        action: 'UPDATE',
        before: { ...before },
        after: { ...after },
      },
    ]);
    return after;
  });
}

export function lessonsRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  const locale = (req: { locale?: Locale }) => req.locale ?? 'en-US';
  route(router, endpoints.policy, ({ auth }) => loadPolicy(prisma, organisationOf(auth)));
  route(router, endpoints.savePolicy, ({ auth, body }) => savePolicy(prisma, auth, body));
  route(router, endpoints.previewCancel, async ({ auth, params, query, req }) =>
    previewReply(
      await previewStudentCancellation(prisma, {
        organisationId: organisationOf(auth),
        scheduleId: params.id,
        studentId: params.studentId,
        by: query.by,
      }),
      locale(req),
    ),
  );
  route(router, endpoints.cancelLesson, async ({ auth, params, body, req }) => {
    const result = await prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: organisationOf(auth),
        scheduleId: params.id,
        studentId: params.studentId,
        by: body.by,
        reason: body.reason ?? null,
        actorUserId: auth.userId,
        source: 'DESK',
        queue,
        expected: { charge: body.expectedCharge, credit: body.expectedCredit },
      }),
    );
    return outcomeReply(result, locale(req));
  });
  route(router, endpoints.undoCancel, async ({ auth, params, req }) => {
    const result = await prisma.$transaction((tx) =>
      undoStudentCancellation(tx, {
        organisationId: organisationOf(auth),
        scheduleId: params.id,
        studentId: params.studentId,
        actorUserId: auth.userId,
      }),
    );
    return outcomeReply(result, locale(req));
  });
  // The portal: the guardian's own children only (another household's child is a 404, as is a
  // lesson the child is not on); the family always cancels as FAMILY.
  route(router, endpoints.portalPreviewCancel, async ({ auth, params, req }) => {
    const { scope } = await portalChild(prisma, auth, params.studentId);
    const preview = await previewStudentCancellation(prisma, {
      organisationId: scope.organisationId,
      scheduleId: params.scheduleId,
      studentId: params.studentId,
      by: 'FAMILY',
    });
    return previewReply(preview, locale(req));
  });
  route(router, endpoints.portalCancel, async ({ auth, params, body, req }) => {
    const { scope } = await portalChild(prisma, auth, params.studentId);
    const result = await prisma.$transaction((tx) =>
      cancelStudentLesson(tx, {
        organisationId: scope.organisationId,
        scheduleId: params.scheduleId,
        studentId: params.studentId,
        by: 'FAMILY',
        reason: body.reason ?? null,
        actorUserId: auth.userId,
        source: 'PORTAL',
        queue,
        expected: { charge: body.expectedCharge, credit: body.expectedCredit },
      }),
    );
    return outcomeReply(result, locale(req));
  });
  return router;
}
