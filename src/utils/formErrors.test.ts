import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX_MESSAGE, RATE_MAX_MESSAGE, STUDENT_PRICE_MAX_MESSAGE, ZOptionalRate } from '../contracts/common';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';
import { formFieldErrors, localizeRuleMessage } from './formErrors';

const t = (id: string) => (enUS as Record<string, string>)[id] ?? id;
const registerFields = ['login', 'email', 'password'] as const;
const reply = (extra: Record<string, unknown>) => ({
  success: false,
  errorCode: 'VALIDATION',
  errorMessage: 'Invalid input',
  showType: 2,
  traceId: 't',
  ...extra,
});

describe('formFieldErrors', () => {
  it('puts the seed texts on the field they concern', () => {
    expect(formFieldErrors(reply({ errorKey: 'userexists' }), t, registerFields)).toEqual([
      { name: 'login', errors: ['User already exists!'] },
    ]);
    expect(formFieldErrors(reply({ errorKey: 'emailexists' }), t, registerFields)).toEqual([
      { name: 'email', errors: ['Email already exists!'] },
    ]);
    expect(formFieldErrors(reply({ title: 'Incorrect password' }), t, ['currentPassword'])).toEqual([
      { name: 'currentPassword', errors: ['Wrong password!'] },
    ]);
    // The server repeats them as field errors: shown once, in the user's language.
    const zh = (id: string) => (id === 'request.error.emailexists' ? '邮箱已存在！' : id);
    const fieldErrors = [
      { field: 'email', message: 'Email already exists!' },
      { field: 'login', message: 'Login must be at least 4 characters' },
    ];
    expect(formFieldErrors(reply({ errorKey: 'emailexists', fieldErrors }), zh, registerFields)).toEqual([
      { name: 'email', errors: ['邮箱已存在！'] },
      { name: 'login', errors: ['Login must be at least 4 characters'] },
    ]);
  });

  it("passes the server's field errors through, grouped by field", () => {
    const fieldErrors = [
      { field: 'login', message: 'Login must be at least 4 characters' },
      { field: 'email', message: 'Input a valid email address' },
      { field: 'login', message: 'Login may contain only letters, digits and . _ @ -' },
    ];
    expect(formFieldErrors(reply({ fieldErrors }), t, registerFields)).toEqual([
      {
        name: 'login',
        errors: ['Login must be at least 4 characters', 'Login may contain only letters, digits and . _ @ -'],
      },
      { name: 'email', errors: ['Input a valid email address'] },
    ]);
  });

  it('ignores errors of fields the form does not have', () => {
    const fieldErrors = [{ field: 'langKey', message: 'Invalid option' }];
    expect(formFieldErrors(reply({ fieldErrors }), t, registerFields)).toEqual([]);
    expect(formFieldErrors(reply({ title: 'Incorrect password' }), t, registerFields)).toEqual([]);
  });

  it('is empty for errors that are not about fields', () => {
    expect(formFieldErrors(reply({}), t, registerFields)).toEqual([]);
    expect(formFieldErrors('<html>', t, registerFields)).toEqual([]);
    expect(formFieldErrors(undefined, t, registerFields)).toEqual([]);
  });
});

describe('localizeRuleMessage', () => {
  const zh = (id: string, values?: Record<string, string | number>) =>
    ((zhCN as Record<string, string>)[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name]));

  it("says the contracts' rules in the reader's language", () => {
    expect(localizeRuleMessage('Input a valid email address', zh)).toBe('请输入有效的邮箱地址');
    expect(localizeRuleMessage('This student is already registered in this term', zh)).toBe('该学生已报名此学期');
    expect(localizeRuleMessage('At most 40 characters', zh)).toBe('最多 40 个字符');
    expect(localizeRuleMessage('Email must be at most 254 characters', zh)).toBe('最多 254 个字符');
  });

  it("says the money limits in the reader's language (a rate over 1,000,000.00 in a class or student form)", () => {
    const rate = ZOptionalRate.safeParse('1000000.01');
    expect(rate.success).toBe(false);
    expect(localizeRuleMessage(rate.error?.issues[0].message ?? '', zh)).toBe('时薪或课程价格最多为 1,000,000.00');
    expect(localizeRuleMessage(rate.error?.issues[0].message ?? '', t)).toBe(RATE_MAX_MESSAGE);
    expect(localizeRuleMessage(AMOUNT_MAX_MESSAGE, zh)).toBe('金额最多为 100,000,000.00');
    expect(localizeRuleMessage(STUDENT_PRICE_MAX_MESSAGE, zh)).toBe('每名学生的价格最多为 1,000.00');
  });

  it('keeps a text it does not know, or one the locale files lack, as the server wrote it', () => {
    expect(localizeRuleMessage('Choose active teachers of this centre', zh)).toBe(
      'Choose active teachers of this centre',
    );
    expect(localizeRuleMessage('Input a valid phone number', (id) => id)).toBe('Input a valid phone number');
  });

  it('translates server field errors on the way to the form (a 409 duplicate included)', () => {
    const fieldErrors = [
      { field: 'courseNumber', message: 'Another course of this school already has this course number' },
    ];
    expect(formFieldErrors(reply({ errorKey: 'coursenumberexists', fieldErrors }), zh, ['courseNumber'])).toEqual([
      { name: 'courseNumber', errors: ['本校已有课程使用此课程编号'] },
    ]);
  });
});
