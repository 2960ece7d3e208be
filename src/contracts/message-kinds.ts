// The kinds of message a family gets and the channels a guardian chooses for each (issue 37, finding
// 14): shared by the portal's settings (portal-settings.ts) and the desk's household view (households.ts).
import { z } from './z';

/** The kinds of family message, each with whether an SMS of it exists and whether SMS is on by default. */
export const FAMILY_MESSAGE_KINDS = [
  { kind: 'LESSON_CHANGES', sms: true, smsByDefault: true },
  { kind: 'REMINDERS', sms: true, smsByDefault: true },
  { kind: 'SEAT_OFFERS', sms: true, smsByDefault: true },
  { kind: 'FEEDBACK', sms: false, smsByDefault: false },
  { kind: 'BILLING', sms: true, smsByDefault: false },
] as const;
export const ZFamilyMessageKind = z.enum(['LESSON_CHANGES', 'REMINDERS', 'SEAT_OFFERS', 'FEEDBACK', 'BILLING']);
export type TFamilyMessageKind = z.infer<typeof ZFamilyMessageKind>;

export const KIND_TWICE_MESSAGE = 'Each kind of message at most once';
export const NO_SMS_OF_KIND_MESSAGE = 'This kind of message is sent by email only';

export const ZFamilyMessageChoice = z.object({ kind: ZFamilyMessageKind, email: z.boolean(), sms: z.boolean() });
export type TFamilyMessageChoice = z.infer<typeof ZFamilyMessageChoice>;
