// What a signed Stripe event must look like before anything reads it (issue 37, finding 5). The signature
// says who sent the bytes, not that they are an event: a signed body that is empty, not JSON, `null`, an
// event without `data.object` or with wrong types is a 400 in the standard error body, recorded nowhere,
// never a 500. Only the fields the webhooks read are checked (Stripe adds fields at will); the objects of
// the event types they act on are checked too.
import type Stripe from 'stripe';
import { z } from '../../../src/contracts/z';
import { AppError } from '../../http/errors';

const ZExpandable = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();
const ZMetadata = z.record(z.string(), z.string()).nullish();

const ZPaymentIntent = z.looseObject({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  amount_received: z.number().int().nonnegative().nullish(),
  currency: z.string().min(1),
  customer: ZExpandable,
  metadata: ZMetadata,
  last_payment_error: z
    .looseObject({ code: z.string().nullish(), decline_code: z.string().nullish(), message: z.string().nullish() })
    .nullish(),
});

const ZCheckoutSession = z.looseObject({
  id: z.string().min(1).max(255),
  mode: z.string(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z.string().nullish(),
  payment_intent: ZExpandable,
  metadata: ZMetadata,
});

const ZAccount = z.looseObject({
  id: z.string().min(1).max(255),
  charges_enabled: z.boolean(),
  details_submitted: z.boolean(),
});

/** The objects of the event types the two webhooks act on. */
const objectShapes: Record<string, z.ZodType> = {
  'payment_intent.succeeded': ZPaymentIntent,
  'payment_intent.payment_failed': ZPaymentIntent,
  'checkout.session.completed': ZCheckoutSession,
  'checkout.session.async_payment_succeeded': ZCheckoutSession,
  'checkout.session.expired': ZCheckoutSession,
  'account.updated': ZAccount,
};

const ZEvent = z.looseObject({
  id: z.string().regex(/^evt_\w{1,250}$/),
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  account: z.string().max(255).nullish(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const notAnEvent = (issues: readonly z.core.$ZodIssue[], prefix: string) =>
  new AppError('validation', 'The webhook body is not a Stripe event', {
    fieldErrors: issues.slice(0, 10).map((issue) => ({
      field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'body',
      message: { issue },
    })),
  });

/** The parsed body as an event, or a 400 naming what is wrong with it. */
export function stripeEventShape(parsed: unknown): Stripe.Event {
  const event = ZEvent.safeParse(parsed);
  if (!event.success) throw notAnEvent(event.error.issues, '');
  const shape = objectShapes[event.data.type];
  const object = shape?.safeParse(event.data.data.object);
  if (object && !object.success) throw notAnEvent(object.error.issues, 'data.object');
  return event.data as unknown as Stripe.Event;
}
