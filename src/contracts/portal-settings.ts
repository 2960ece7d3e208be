// A guardian's own settings in the family portal (issue 21): how the centre reaches them (email, phone),
// in which language, which messages by email and which by SMS (SMS only with their consent, recorded),
// and whether the family gets lesson reminders. The calendar feed is in family-calendar.ts.
// Channels per kind of message (issue 37, finding 14): each guardian chooses email and SMS for each
// kind; without a choice the default holds (FAMILY_MESSAGE_KINDS). SMS still needs the consent above.
import { ZLangKey } from './account';
import { ZOptionalEmail, ZOptionalPhone } from './common';
import { defineEndpoint } from './endpoint';
import { GUARDIAN_CONTACT_REQUIRED, SMS_NEEDS_PHONE } from './households';
import {
  FAMILY_MESSAGE_KINDS,
  KIND_TWICE_MESSAGE,
  NO_SMS_OF_KIND_MESSAGE,
  ZFamilyMessageChoice,
} from './message-kinds';
import { z } from './z';

export const ZPortalSettingsBody = z
  .object({
    email: ZOptionalEmail,
    phone: ZOptionalPhone,
    langKey: ZLangKey,
    allowEmail: z.boolean(),
    /** Consent to SMS, recorded with the time and "portal (<login>)" when newly given. */
    allowSms: z.boolean(),
    /** Lesson reminders for the whole family (the household's setting). */
    lessonReminders: z.boolean(),
    /** A monthly statement by email on the 1st (the household's setting); unchanged when left out. */
    monthlyStatements: z.boolean().optional(),
    /** Channels per kind of message; kinds left out (or the whole list) stay as they are. */
    messages: z.array(ZFamilyMessageChoice).max(FAMILY_MESSAGE_KINDS.length).optional(),
  })
  .superRefine((s, ctx) => {
    if (!s.email && !s.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: GUARDIAN_CONTACT_REQUIRED });
    if (s.allowSms && !s.phone) ctx.addIssue({ code: 'custom', path: ['allowSms'], message: SMS_NEEDS_PHONE });
    const seen = new Set<string>();
    for (const [i, choice] of (s.messages ?? []).entries()) {
      if (seen.has(choice.kind))
        ctx.addIssue({ code: 'custom', path: ['messages', i, 'kind'], message: KIND_TWICE_MESSAGE });
      seen.add(choice.kind);
      const kind = FAMILY_MESSAGE_KINDS.find((k) => k.kind === choice.kind);
      if (choice.sms && kind && !kind.sms)
        ctx.addIssue({ code: 'custom', path: ['messages', i, 'sms'], message: NO_SMS_OF_KIND_MESSAGE });
    }
  });
export type TPortalSettingsBody = z.input<typeof ZPortalSettingsBody>;

export const ZPortalSettings = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  langKey: ZLangKey,
  allowEmail: z.boolean(),
  allowSms: z.boolean(),
  smsConsentAt: z.string().nullable(),
  smsConsentSource: z.string().nullable(),
  lessonReminders: z.boolean(),
  monthlyStatements: z.boolean(),
  /** Every kind of message with the channels this guardian gets it by (their choice or the default). */
  messages: z.array(ZFamilyMessageChoice),
  /** The household's primary contact: the first guardian who can receive SMS; SMS goes to them by default. */
  primaryContact: z.boolean(),
});
export type TPortalSettings = z.infer<typeof ZPortalSettings>;

const own = { right: 'portal:own', tag: 'portal', refusals: [404] } as const; // 404: an account of no household

export const portalSettingsEndpoints = {
  get: defineEndpoint({
    ...own,
    method: 'get',
    path: '/portal/settings',
    summary: "The guardian's own contact details, language and message choices",
    reply: ZPortalSettings,
  }),
  update: defineEndpoint({
    ...own,
    method: 'put',
    path: '/portal/settings',
    summary: "Change the guardian's contact details, language and message choices (SMS consent recorded)",
    body: ZPortalSettingsBody,
    reply: ZPortalSettings,
  }),
};
