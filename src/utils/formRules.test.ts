import { describe, expect, it } from 'vitest';
import { ZEmail, ZLogin, ZPassword } from '../contracts/account';
import { matchesPassword, zodRule } from './formRules';

const check = (rule: ReturnType<typeof zodRule>, value: unknown) => rule.validator?.({}, value, () => {});

describe('zodRule', () => {
  it("rejects with the contract's message", async () => {
    await expect(check(zodRule(ZLogin), 'abc')).rejects.toThrow('Login must be at least 4 characters');
    await expect(check(zodRule(ZEmail), 'not-an-email')).rejects.toThrow('Input a valid email address');
    await expect(check(zodRule(ZPassword), 'short')).rejects.toThrow('Password must be at least 8 characters');
  });

  it('accepts valid and empty values', async () => {
    await expect(check(zodRule(ZLogin), 'teacher')).resolves.toBeUndefined();
    await expect(check(zodRule(ZPassword), 'levelup-demo')).resolves.toBeUndefined();
    await expect(check(zodRule(ZEmail), '')).resolves.toBeUndefined();
  });
});

describe('matchesPassword', () => {
  it('accepts the same password and rejects another one', async () => {
    const form = { getFieldValue: () => 'levelup-demo' };
    const rule = matchesPassword('The two passwords do not match!')(form);
    await expect(check(rule, 'levelup-demo')).resolves.toBeUndefined();
    await expect(check(rule, 'levelup-dem0')).rejects.toThrow('The two passwords do not match!');
  });
});
