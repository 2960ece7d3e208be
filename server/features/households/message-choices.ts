// Which family messages reach a guardian by which channel (issue 37, finding 14; DECISIONS.md "Sites,
// households and language"). Each guardian chooses email and SMS per kind of message; a kind without a
// stored choice takes the default: email on, SMS on for lesson changes, reminders and seat offers, and
// then only for the household's primary contact, the first guardian (by id) who can receive SMS (a
// number and recorded consent), so one SMS reaches a family, not one per guardian. A choice is stored
// only where it differs from the default, so an untouched guardian follows the default as the primary
// contact changes. The consent rules stay on top: no SMS without recorded consent (guardianAddresses),
// and a number that replied STOP gets none (deliver.ts re-checks at send time).
import {
  FAMILY_MESSAGE_KINDS,
  type TFamilyMessageChoice,
  type TFamilyMessageKind,
} from '../../../src/contracts/message-kinds';
import type { Prisma } from '../../generated/prisma/client';
import { guardianAddresses } from './guardian-recipients';

export interface StoredChoice {
  kind: TFamilyMessageKind;
  email: boolean;
  sms: boolean;
}

type AddressFields = Parameters<typeof guardianAddresses>[0];

/** The channels a guardian gets `kind` by: their stored choice, else the default. */
export function channelsFor(
  kind: TFamilyMessageKind,
  stored: readonly StoredChoice[] | undefined,
  primaryContact: boolean,
): { email: boolean; sms: boolean } {
  const rule = FAMILY_MESSAGE_KINDS.find((k) => k.kind === kind);
  const own = stored?.find((c) => c.kind === kind);
  if (own) return { email: own.email, sms: own.sms && Boolean(rule?.sms) };
  return { email: true, sms: Boolean(rule?.smsByDefault) && primaryContact };
}

/** The household's primary contact: the first of its guardians (ordered by id) who can receive SMS. */
export function primaryContactId(guardians: readonly (AddressFields & { id: number })[]): number | null {
  const first = [...guardians].sort((a, b) => a.id - b.id).find((g) => guardianAddresses(g).phone);
  return first?.id ?? null;
}

/**
 * Each guardian of one household with the addresses a message of `kind` may use: their choice (or the
 * default) on top of what they allow. An address is undefined where it may not be used.
 */
export function kindRecipients<G extends AddressFields & { id: number; messageChoices: readonly StoredChoice[] }>(
  guardians: readonly G[],
  kind: TFamilyMessageKind,
): { guardian: G; email?: string; phone?: string }[] {
  const primary = primaryContactId(guardians);
  return guardians.map((guardian) => {
    const to = guardianAddresses(guardian);
    const wants = channelsFor(kind, guardian.messageChoices, guardian.id === primary);
    return { guardian, email: wants.email ? to.email : undefined, phone: wants.sms ? to.phone : undefined };
  });
}

/** Every kind with the channels the guardian gets it by (the portal's view). */
export function choicesView(stored: readonly StoredChoice[], primaryContact: boolean): TFamilyMessageChoice[] {
  return FAMILY_MESSAGE_KINDS.map(({ kind }) => ({ kind, ...channelsFor(kind, stored, primaryContact) }));
}

/**
 * Saves the guardian's `choices` (kinds left out stay as they are): a choice equal to the default is
 * removed rather than stored, one that differs is kept.
 */
export async function saveChoices(
  tx: Prisma.TransactionClient,
  guardianId: number,
  choices: readonly TFamilyMessageChoice[],
  primaryContact: boolean,
) {
  for (const choice of choices) {
    const byDefault = channelsFor(choice.kind, [], primaryContact);
    const where = { guardianId_kind: { guardianId, kind: choice.kind } };
    if (byDefault.email === choice.email && byDefault.sms === choice.sms) {
      await tx.guardianMessageChoice.deleteMany({ where: { guardianId, kind: choice.kind } });
      continue;
    }
    const values = { email: choice.email, sms: choice.sms };
    await tx.guardianMessageChoice.upsert({
      where,
      create: { guardianId, kind: choice.kind, ...values },
      update: values,
    });
  }
}
