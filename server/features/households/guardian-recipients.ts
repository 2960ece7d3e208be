// A household's guardians as recipients of what the centre sends the family (issue 21): who they are,
// their language, and the addresses they chose to be written to.
import { normalisePhone } from '../../../src/contracts/login';
import type { Prisma } from '../../generated/prisma/client';

/** The household's guardians as message recipients, in the order they were added. */
export const householdGuardiansSelect = {
  guardians: {
    orderBy: { id: 'asc' },
    select: {
      id: true,
      name: true,
      email: true,
      phone: true,
      langKey: true,
      allowEmail: true,
      allowSms: true,
      smsConsentAt: true,
      // Their channels per kind of message (message-choices.ts).
      messageChoices: { select: { kind: true, email: true, sms: true } },
    },
  },
} as const satisfies Prisma.HouseholdSelect;

/**
 * Where a guardian may be written to: the email when they allow email; the phone (normalised) only when
 * they allow SMS and their consent is on record. Either is undefined when it may not be used.
 */
export function guardianAddresses(g: {
  email: string | null;
  phone: string | null;
  allowEmail: boolean;
  allowSms: boolean;
  smsConsentAt: Date | null;
}) {
  return {
    email: g.allowEmail ? g.email?.trim() || undefined : undefined,
    phone: g.allowSms && g.smsConsentAt && g.phone ? normalisePhone(g.phone) : undefined,
  };
}
