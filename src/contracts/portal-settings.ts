// A guardian's own settings in the family portal (issue 21): how the centre reaches them (email, phone),
// in which language, which messages by email and which by SMS (SMS only with their consent, recorded),
// and whether the family gets lesson reminders. The calendar feed is in family-calendar.ts.
import { ZLangKey } from './account';
import { ZOptionalEmail, ZOptionalPhone } from './common';
import { defineEndpoint } from './endpoint';
import { GUARDIAN_CONTACT_REQUIRED, SMS_NEEDS_PHONE } from './households';
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
  })
  .superRefine((s, ctx) => {
    if (!s.email && !s.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: GUARDIAN_CONTACT_REQUIRED });
    if (s.allowSms && !s.phone) ctx.addIssue({ code: 'custom', path: ['allowSms'], message: SMS_NEEDS_PHONE });
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
