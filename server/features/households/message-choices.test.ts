import { describe, expect, it } from 'vitest';
import { channelsFor, choicesView, kindRecipients, primaryContactId } from './message-choices';

const guardian = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  email: `g${id}@family.test`,
  phone: `+1 416 555 010${id}`,
  allowEmail: true,
  allowSms: true,
  smsConsentAt: new Date('2026-01-01T00:00:00Z'),
  messageChoices: [] as {
    kind: 'LESSON_CHANGES' | 'REMINDERS' | 'SEAT_OFFERS' | 'FEEDBACK' | 'BILLING';
    email: boolean;
    sms: boolean;
  }[],
  ...over,
});

describe('family message choices', () => {
  it('defaults: email for every kind, SMS where it matters and only for the primary contact', () => {
    expect(choicesView([], true).map((c) => [c.kind, c.email, c.sms])).toEqual([
      ['LESSON_CHANGES', true, true],
      ['REMINDERS', true, true],
      ['SEAT_OFFERS', true, true],
      ['FEEDBACK', true, false],
      ['BILLING', true, false],
    ]);
    expect(choicesView([], false).every((c) => c.email && !c.sms)).toBe(true);
  });

  it('a stored choice wins over the default, never SMS of an email-only kind', () => {
    expect(channelsFor('REMINDERS', [{ kind: 'REMINDERS', email: false, sms: false }], true)).toEqual({
      email: false,
      sms: false,
    });
    expect(channelsFor('BILLING', [{ kind: 'BILLING', email: true, sms: true }], false)).toEqual({
      email: true,
      sms: true,
    });
    expect(channelsFor('FEEDBACK', [{ kind: 'FEEDBACK', email: true, sms: true }], true).sms).toBe(false);
  });

  it('the primary contact is the first guardian by id who can receive SMS', () => {
    expect(primaryContactId([guardian(3), guardian(2)])).toBe(2);
    expect(primaryContactId([guardian(1, { smsConsentAt: null }), guardian(2)])).toBe(2);
    expect(primaryContactId([guardian(1, { phone: null }), guardian(2, { allowSms: false })])).toBeNull();
  });

  it('recipients: addresses by choice on top of what each guardian allows', () => {
    const to = kindRecipients(
      [
        guardian(1),
        guardian(2, { messageChoices: [{ kind: 'LESSON_CHANGES', email: false, sms: true }] }),
        guardian(3, { allowEmail: false }),
      ],
      'LESSON_CHANGES',
    );
    expect(to.map((r) => [r.guardian.id, r.email ?? null, r.phone ?? null])).toEqual([
      [1, 'g1@family.test', '+14165550101'],
      [2, null, '+14165550102'],
      [3, null, null],
    ]);
  });
});
