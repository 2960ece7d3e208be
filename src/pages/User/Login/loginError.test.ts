import { describe, expect, it } from 'vitest';
import enUS from '../../../locales/en-US';
import { loginFailureText } from './loginError';

const t = (id: string) => (enUS as Record<string, string>)[id] ?? id;

describe('loginFailureText', () => {
  it('says the credentials are wrong on 400 and 401', () => {
    expect(loginFailureText({ status: 401 }, t)).toBe('Incorrect username/password.');
    expect(loginFailureText({ status: 400 }, t)).toBe('Incorrect username/password.');
  });

  it("shows the server's message when signing in is rate limited", () => {
    const body = {
      success: false,
      errorCode: 'TOO_MANY',
      errorMessage: 'Too many attempts, wait 1 minute',
      showType: 2,
    };
    expect(loginFailureText({ status: 429, body }, t)).toBe('Too many attempts, wait 1 minute');
  });

  it('names a network error, and falls back to the retry text', () => {
    expect(loginFailureText({ noResponse: true }, t)).toBe('Network error: the server cannot be reached.');
    expect(loginFailureText({ status: 504, body: 'Error occurred while trying to proxy' }, t)).toBe('Gateway timeout.');
    expect(loginFailureText({ status: 418 }, t)).toBe('Request error, please retry.');
  });
});
