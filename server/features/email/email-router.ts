import { Router } from 'express';
import { emailEndpoints as endpoints } from '../../../src/contracts/email';
import type { AppDeps } from '../../deps';
import { route } from '../../http/route';
import { batchMessages, getBatch, listBatches, resendFailed } from './batches';
import { countAudience, previewEmail, sendBatch } from './send-batch';
import { createTemplate, deleteTemplate, listTemplates, templateOptions, updateTemplate } from './templates';

export function emailRouter({ prisma, queue }: AppDeps): Router {
  const router = Router();
  // The fixed paths come before /email/templates/:id.
  route(router, endpoints.templateOptions, ({ auth }) => templateOptions(prisma, auth));
  route(router, endpoints.listTemplates, ({ auth, query }) => listTemplates(prisma, auth, query));
  route(router, endpoints.createTemplate, ({ auth, body }) => createTemplate(prisma, auth, body));
  route(router, endpoints.updateTemplate, ({ auth, params, body }) => updateTemplate(prisma, auth, params.id, body));
  route(router, endpoints.removeTemplate, ({ auth, params }) => deleteTemplate(prisma, auth, params.id));
  route(router, endpoints.count, ({ auth, body }) => countAudience(prisma, auth, body));
  route(router, endpoints.preview, ({ auth, body }) => previewEmail(prisma, auth, body));
  route(router, endpoints.send, ({ auth, body }) => sendBatch(prisma, queue, auth, body));
  route(router, endpoints.listBatches, ({ auth, query }) => listBatches(prisma, auth, query));
  route(router, endpoints.getBatch, ({ auth, params }) => getBatch(prisma, auth, params.id));
  route(router, endpoints.batchMessages, ({ auth, params, query }) => batchMessages(prisma, auth, params.id, query));
  route(router, endpoints.resendFailed, ({ auth, params }) => resendFailed(prisma, queue, auth, params.id));
  return router;
}
