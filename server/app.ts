import { randomUUID } from 'node:crypto';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { authenticate } from './auth/authenticate';
import type { AppDeps } from './deps';
import { accountRouter } from './features/account/router';
import { auditRouters } from './features/audit';
import { billingRouters } from './features/billing';
import { courseRouters } from './features/courses';
import { coverRouter } from './features/cover/router';
import { dashboardRouters } from './features/dashboard';
import { emailRouters } from './features/email';
import { feedbackRouters } from './features/feedback';
import { makeUpsRouter } from './features/lessons/make-ups-router';
import { lessonsRouter } from './features/lessons/router';
import { locationsRouter } from './features/locations/locations-router';
import { siteGuard } from './features/locations/sites';
import { noticeRouters } from './features/notices';
import { payrollRouters } from './features/payroll';
import { portalRouter } from './features/portal/router';
import { privacyRouter } from './features/privacy/router';
import { reportRouters } from './features/reports';
import { scheduleRouters } from './features/schedules';
import { seatsRouter } from './features/seats/router';
import { staffRouters } from './features/staff';
import { statementsRouter } from './features/statements/router';
import { studentRouters } from './features/students';
import { appConfigRouter } from './features/system/app-config-router';
import { systemRouter } from './features/system/router';
import { topUpsRouter } from './features/topups/router';
import { usersRouter } from './features/users/router';
import { voucherRouters } from './features/vouchers';
import { apiReplies } from './http/api-replies';
import { errorHandler, notFoundApi } from './http/error-handler';
import { idempotency } from './http/idempotency';
import { createLifecycle } from './http/lifecycle';
import { permissionsPolicy, servedApiMethodsOnly, servedMethodsOnly } from './http/methods';
import { requestLog } from './http/request-log';
import { spreadsheetUpload } from './http/spreadsheet';
import { spaRouter } from './http/static';
import { withLocale } from './i18n/locale';
import { messagesRouter } from './messaging/messages-router';
import { smsInboundRouter } from './messaging/sms-inbound-router';
import { createMetrics, metricsEndpoint } from './metrics/metrics';

const withTraceId: RequestHandler = (req, res, next) => {
  req.traceId = randomUUID();
  res.setHeader('X-Trace-Id', req.traceId);
  next();
};

// Same-origin unless origins are configured: then only those may call with credentials.
function cors(origins: string[]): RequestHandler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && origins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      if (req.method === 'OPTIONS') return void res.status(204).end();
    }
    next();
  };
}

/** Builds the whole app (API under /api plus the built SPA); index.ts only listens, tests import this. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(servedMethodsOnly);
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"], // Ant Design injects its CSS-in-JS styles at run time
          'img-src': ["'self'", 'data:'],
          'worker-src': ["'self'"],
          // A teacher's public Google Calendar embed (the availability page).
          'frame-src': ["'self'", 'https://calendar.google.com'],
        },
      },
    }),
    permissionsPolicy,
  );

  deps.lifecycle ??= createLifecycle();
  const api = express.Router();
  // Prometheus metrics (server/metrics/): index.ts passes its own when METRICS_PORT serves them too.
  const metrics = deps.metrics ?? (deps.metricsToken ? createMetrics(deps) : undefined);
  if (metrics) api.use(metrics.recordRequests);
  api.use(...apiReplies, withTraceId, withLocale, requestLog(), servedApiMethodsOnly, cors(deps.corsOrigins ?? []));
  // Past MAX_IN_FLIGHT, or once SIGTERM came, a 503 with Retry-After before anything is read.
  api.use(deps.lifecycle.track);
  // For scrapers holding METRICS_TOKEN, not for users: outside the permission table (routes.test.ts).
  if (metrics && deps.metricsToken) api.get('/metrics', metricsEndpoint(metrics, deps.metricsToken));
  // Stripe signs the exact bytes it sends: the webhook keeps its raw body (a Buffer); express.json
  // then leaves that request alone.
  api.use('/billing/stripe-webhook', express.raw({ type: () => true, limit: '512kb' }));
  api.use('/billing/stripe-connect-webhook', express.raw({ type: () => true, limit: '512kb' }));
  // Twilio posts inbound SMS form-encoded; its signature covers the form's parameters.
  api.use('/sms/inbound', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 }));
  api.use(express.json({ limit: '1mb' }));
  // Import uploads arrive as the file itself (Content-Type .xlsx or .csv): req.body is a Buffer.
  api.use(spreadsheetUpload());
  api.use(authenticate(deps.prisma, deps.jwtSecret));
  api.use(siteGuard(deps.prisma));
  // A POST with an Idempotency-Key header runs once per (user, key); a retry gets the kept reply.
  api.use(idempotency(deps.prisma));
  api.use(systemRouter(deps), appConfigRouter(deps), accountRouter(deps), usersRouter(deps));
  for (const router of [
    ...studentRouters(deps),
    ...staffRouters(deps),
    ...courseRouters(deps),
    ...scheduleRouters(deps),
    coverRouter(deps),
    ...voucherRouters(deps),
    ...payrollRouters(deps),
    ...reportRouters(deps),
    ...dashboardRouters(deps),
    ...auditRouters(deps),
    ...feedbackRouters(deps),
    ...emailRouters(deps),
    ...noticeRouters(deps),
    ...billingRouters(deps),
    portalRouter(deps),
    seatsRouter(deps),
    topUpsRouter(deps),
    makeUpsRouter(deps),
    lessonsRouter(deps),
    privacyRouter(deps),
    statementsRouter(deps),
    locationsRouter(deps),
    messagesRouter(deps),
    smsInboundRouter(deps),
  ])
    api.use(router);
  api.use(notFoundApi);
  api.use(errorHandler);
  app.use('/api', api);

  if (deps.spaDir) app.use(spaRouter(deps.spaDir, { offlineApp: deps.offlineApp ?? true }));
  return app;
}
