import { Router } from 'express';
import twilio from 'twilio';
import { smsEndpoints, ZInboundSms } from '../../src/contracts/sms';
import type { AppDeps } from '../deps';
import { AppError } from '../http/errors';
import { invalidInput, route } from '../http/route';
import { answerInboundSms } from './sms-inbound';

export const SMS_INBOUND_PATH = `/api${smsEndpoints.inbound.path}`;

/**
 * POST /api/sms/inbound: Twilio's inbound SMS webhook. Public; its proof is X-Twilio-Signature, checked
 * with the Twilio SDK's validateRequest over APP_URL + the path (never the request's Host, which a
 * proxy or a caller may change) and the form parameters (express.urlencoded in app.ts). Without Twilio
 * configured the route answers 404, as if absent; a missing or wrong signature is a 403, nothing done.
 */
export function smsInboundRouter({ prisma, queue, appUrl }: AppDeps): Router {
  const router = Router();
  route(router, smsEndpoints.inbound, async ({ req, res }) => {
    const settings = queue?.config.twilio;
    const publicUrl = queue?.config.appUrl ?? appUrl;
    if (!settings || !publicUrl) throw new AppError('not_found', 'Inbound SMS is not configured on this server');
    const signature = req.get('X-Twilio-Signature');
    const params: Record<string, unknown> =
      req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {};
    const url = `${publicUrl.replace(/\/+$/, '')}${SMS_INBOUND_PATH}`;
    if (!signature || !twilio.validateRequest(settings.authToken, signature, url, params))
      throw new AppError('forbidden', 'The Twilio signature of this request is missing or wrong');
    const sms = ZInboundSms.safeParse(params);
    if (!sms.success)
      throw invalidInput(
        'body',
        sms.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: { issue } })),
      );
    const answer = await answerInboundSms(prisma, sms.data);
    res.status(200).type('text/xml').send(answer);
    return undefined;
  });
  return router;
}
