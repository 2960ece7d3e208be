// One language per person (issue 37, finding 8): the header's language switch and the portal's Settings
// set the same value, kept on the account (and on a guardian's household contact, which the family's
// emails, SMS and PDFs are written in). Once chosen it is applied at sign-in on every device.
import { ZLangKey } from './account';
import { defineEndpoint } from './endpoint';
import { z } from './z';

export const ZLanguageBody = z.object({ langKey: ZLangKey });
export type TLanguageBody = z.infer<typeof ZLanguageBody>;
export const ZLanguageReply = z.object({ langKey: ZLangKey });

export const languageEndpoints = {
  set: defineEndpoint({
    method: 'put',
    path: '/account/language',
    right: 'account:own',
    tag: 'account',
    summary: "Choose the signed-in person's language: screens on every device, their emails, SMS and PDFs",
    body: ZLanguageBody,
    reply: ZLanguageReply,
  }),
};
