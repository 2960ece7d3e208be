import { Router } from 'express';
import { operatorFeedbackEndpoints as ops, teacherFeedbackEndpoints as own } from '../../../src/contracts/feedback';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { feedbackDue, feedbackIssues } from './feedback-lists';
import { feedbackPdf } from './feedback-pdf';
import { getFeedback, previewFeedback, retryFeedback, saveFeedback, submitFeedback } from './write-feedback';

/** Feedback for operators (/schedules/:id/feedback, any class) and teachers (/my-schedules/:id/feedback, their own). */
export function feedbackRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  // The fixed paths first: /my-schedules/feedback-due is not a class.
  route(router, own.due, ({ auth }) => feedbackDue(prisma, auth));
  route(router, ops.issues, ({ auth, query }) => feedbackIssues(prisma, auth, query));
  // The same operations twice: the endpoints differ in path and right only.
  route(router, ops.get, ({ auth, params }) => getFeedback(prisma, auth, params.id, 'operator'));
  route(router, own.get, ({ auth, params }) => getFeedback(prisma, auth, params.id, 'teacher'));
  route(router, ops.save, ({ auth, params, body }) => saveFeedback(prisma, auth, params.id, 'operator', body));
  route(router, own.save, ({ auth, params, body }) => saveFeedback(prisma, auth, params.id, 'teacher', body));
  route(router, ops.preview, ({ auth, params, body }) => previewFeedback(prisma, auth, params.id, 'operator', body));
  route(router, own.preview, ({ auth, params, body }) => previewFeedback(prisma, auth, params.id, 'teacher', body));
  route(router, ops.submit, ({ auth, params, body }) =>
    submitFeedback(prisma, queue, auth, params.id, 'operator', body),
  );
  route(router, own.submit, ({ auth, params, body }) =>
    submitFeedback(prisma, queue, auth, params.id, 'teacher', body),
  );
  route(router, ops.pdf, ({ auth, params, req, res }) =>
    feedbackPdf(prisma, auth, params.id, 'operator', res, req.locale ?? 'en-US'),
  );
  route(router, own.pdf, ({ auth, params, req, res }) =>
    feedbackPdf(prisma, auth, params.id, 'teacher', res, req.locale ?? 'en-US'),
  );
  route(router, ops.retry, ({ auth, params }) => retryFeedback(prisma, queue, auth, params.id));
  return router;
}
