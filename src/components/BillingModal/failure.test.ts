import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US/billingCycles';
import zh from '../../locales/zh-CN/billingCycles';
import { describeBillingFailure, localizeBillingMessage } from './failure';

const english = (id: string) =>
  (en as Record<string, string>)[id] ?? (id === 'lists.message.checkFields' ? 'Check' : id);
const chinese = (id: string) => (zh as Record<string, string>)[id] ?? id;
/** What the request layer throws for a reply with this status and body. */
const refused = (status: number, body: object) => ({ response: { status, data: body }, config: { url: '/api' } });
const reply = (errorMessage: string, fieldErrors?: { field: string; message: string }[]) => ({
  success: false,
  errorCode: 'validation',
  errorMessage,
  showType: 2,
  ...(fieldErrors ? { fieldErrors } : {}),
});

describe('billing failures as the user reads them', () => {
  it('a start earlier than a month back: the seed text under the field and in the message', () => {
    const error = refused(
      400,
      reply('Invalid body: startDate: Billing cycle cannot be earlier than one month!', [
        { field: 'startDate', message: 'Billing cycle cannot be earlier than one month!' },
      ]),
    );
    const failure = describeBillingFailure(error, 'billingCycles.server.cycleStartFailed', ['startDate'], english);
    expect(failure.content).toBe('Billing cycle cannot be earlier than one month!');
    expect(failure.fieldErrors).toEqual([
      { name: ['startDate'], errors: ['Billing cycle cannot be earlier than one month!'] },
    ]);
    const inChinese = describeBillingFailure(error, 'billingCycles.server.cycleStartFailed', ['startDate'], chinese);
    expect(inChinese.content).toBe('账单周期的开始日期不能早于一个月前！');
  });

  it('the seed text also when the server sends it without a field', () => {
    const error = refused(409, reply('Invoice date overlapped, please try again!'));
    expect(describeBillingFailure(error, 'billingCycles.server.invoiceCreateFailed', [], english).content).toBe(
      'Invoice date overlapped, please try again!',
    );
  });

  it('a server failure or a lost connection: the seed failure text alone', () => {
    const down = refused(500, reply('Internal error'));
    expect(describeBillingFailure(down, 'billingCycles.server.cycleStartFailed', [], english).content).toBe(
      'Failed to start billing cycle',
    );
    const lost = { request: {}, config: { url: '/api' } };
    expect(describeBillingFailure(lost, 'billingCycles.server.invoiceCreateFailed', [], english).content).toBe(
      'Failed to create invoice',
    );
  });

  it('a decline: the failure text and the provider message, once', () => {
    const prefixed = refused(402, reply('Failed to charge invoice: Your card was declined.'));
    expect(describeBillingFailure(prefixed, 'billingCycles.server.invoiceChargeFailed', [], english).content).toBe(
      'Failed to charge invoice: Your card was declined.',
    );
    const bare = refused(402, reply('Your card was declined.'));
    expect(describeBillingFailure(bare, 'billingCycles.server.invoiceChargeFailed', [], english).content).toBe(
      'Failed to charge invoice: Your card was declined.',
    );
    expect(describeBillingFailure(bare, 'billingCycles.server.invoiceChargeFailed', [], chinese).content).toBe(
      '发票扣款失败: Your card was declined.',
    );
  });

  it('errors of list fields go to their name paths', () => {
    const error = refused(
      400,
      reply('Invalid body', [{ field: 'tiers.1.fromStudents', message: 'tiers must increase' }]),
    );
    const failure = describeBillingFailure(error, 'billingCycles.prices.failed', (f) => f.startsWith('tiers'), english);
    expect(failure.fieldErrors).toEqual([{ name: ['tiers', 1, 'fromStudents'], errors: ['tiers must increase'] }]);
    expect(failure.content).toBe('Check');
  });

  it('signed out: handed to the request layer', () => {
    expect(describeBillingFailure(refused(401, reply('x')), 'billingCycles.run.failed', [], english).signedOut).toBe(
      true,
    );
  });

  it('localizes the known texts only', () => {
    expect(localizeBillingMessage('This centre has no saved card', chinese)).toBe('该机构没有保存的银行卡');
    expect(localizeBillingMessage('Something else', chinese)).toBe('Something else');
  });
});
