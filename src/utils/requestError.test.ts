import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';
import {
  BizError,
  CODE_MESSAGE_STATUSES,
  describeRequestError,
  type Translate,
  toRequestFailure,
} from './requestError';

function translator(messages: Record<string, string>): Translate {
  return (id, values = {}) => {
    const text = messages[id];
    if (text === undefined) throw new Error(`missing message ${id}`);
    return text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
  };
}
const t = translator(enUS);

const reply = (extra: Record<string, unknown>) => ({
  success: false,
  errorCode: 'BAD_REQUEST',
  errorMessage: 'Something is wrong',
  showType: 2,
  traceId: 'trace-1',
  ...extra,
});

describe('describeRequestError: error bodies by showType', () => {
  it('maps 0, 1, 2, 4 and unknown show types', () => {
    expect(describeRequestError({ status: 400, body: reply({ showType: 0 }) }, t)).toEqual({ kind: 'silent' });
    expect(describeRequestError({ status: 400, body: reply({ showType: 1 }) }, t)).toEqual({
      kind: 'message',
      level: 'warning',
      content: 'Something is wrong',
    });
    expect(describeRequestError({ status: 400, body: reply({ showType: 2 }) }, t)).toEqual({
      kind: 'message',
      level: 'error',
      content: 'Something is wrong',
    });
    expect(describeRequestError({ status: 409, body: reply({ showType: 4 }) }, t)).toEqual({
      kind: 'notification',
      message: 'BAD_REQUEST',
      description: 'Something is wrong',
    });
    expect(describeRequestError({ status: 400, body: reply({ showType: 7 }) }, t)).toMatchObject({
      kind: 'message',
      level: 'error',
    });
  });

  it('redirects to the error page with the code and message for show type 9', () => {
    const display = describeRequestError({ status: 500, body: reply({ showType: 9, errorCode: 'E9' }) }, t);
    expect(display).toEqual({ kind: 'redirect', to: '/500?errorCode=E9&errorMessage=Something+is+wrong' });
  });

  it('handles a business error in a 2xx reply the same way', () => {
    expect(describeRequestError({ body: reply({ showType: 1 }) }, t)).toMatchObject({ kind: 'message' });
  });
});

describe('describeRequestError: the seed texts', () => {
  it('maps errorKey userexists and emailexists and the wrong current password', () => {
    const show = (extra: Record<string, unknown>) => describeRequestError({ status: 400, body: reply(extra) }, t);
    expect(show({ errorKey: 'userexists' })).toMatchObject({ content: 'User already exists!' });
    expect(show({ errorKey: 'emailexists' })).toMatchObject({ content: 'Email already exists!' });
    expect(show({ title: 'Incorrect password' })).toMatchObject({ content: 'Wrong password!' });
  });

  it('falls back to the retry text when there is nothing to show', () => {
    expect(describeRequestError({ status: 400, body: reply({ errorMessage: '' }) }, t)).toMatchObject({
      content: 'Request error, please retry.',
    });
    expect(describeRequestError({}, t)).toEqual({
      kind: 'message',
      level: 'error',
      content: 'Request error, please retry.',
    });
    expect(describeRequestError({ message: 'timeout of 100ms exceeded' }, t)).toMatchObject({
      content: 'timeout of 100ms exceeded',
    });
  });
});

describe('describeRequestError: transport failures', () => {
  it('sends a 401 to the login page', () => {
    expect(describeRequestError({ status: 401, body: reply({ showType: 2 }) }, t)).toEqual({ kind: 'login' });
  });

  it('says the server cannot be reached when no reply came', () => {
    expect(describeRequestError({ noResponse: true }, t)).toEqual({
      kind: 'notification',
      message: 'Network error: the server cannot be reached.',
    });
    expect(describeRequestError({ noResponse: true }, translator(zhCN))).toMatchObject({
      message: '网络异常，无法连接服务器',
    });
  });

  it('names status and URL of other HTTP errors, with the server title or the standard text', () => {
    expect(describeRequestError({ status: 502, url: '/api/course', body: '<html>' }, t)).toEqual({
      kind: 'notification',
      message: 'Request error 502: /api/course',
      description: 'Gateway error.',
    });
    expect(describeRequestError({ status: 404, url: '/api/x', body: { title: 'No such thing' } }, t)).toMatchObject({
      description: 'No such thing',
    });
    expect(describeRequestError({ status: 418, url: '/api/x', statusText: "I'm a teapot" }, t)).toMatchObject({
      description: "I'm a teapot",
    });
  });

  it('has a standard text for every listed status in both locales', () => {
    for (const status of CODE_MESSAGE_STATUSES) {
      expect(enUS).toHaveProperty([`request.code.${status}`]);
      expect(zhCN).toHaveProperty([`request.code.${status}`]);
    }
  });
});

describe('toRequestFailure', () => {
  it('reads status, URL and body of an HTTP error', () => {
    const error = { response: { status: 409, statusText: 'Conflict', data: { a: 1 } }, config: { url: '/api/x' } };
    expect(toRequestFailure(error)).toEqual({ status: 409, statusText: 'Conflict', url: '/api/x', body: { a: 1 } });
  });

  it('tells a request without reply, a business error and a client error apart', () => {
    expect(toRequestFailure({ request: {}, config: { url: '/api/x' } })).toEqual({ noResponse: true, url: '/api/x' });
    const networkError = { code: 'ERR_NETWORK', request: {}, response: { status: 0 }, config: { url: '/api/x' } };
    expect(toRequestFailure(networkError)).toEqual({ noResponse: true, url: '/api/x' });
    const timeout = { code: 'ECONNABORTED', request: {}, message: 'timeout of 5ms exceeded' };
    expect(toRequestFailure(timeout)).toEqual({ message: 'timeout of 5ms exceeded' });
    expect(toRequestFailure(new BizError({ success: false }))).toEqual({ body: { success: false } });
    expect(toRequestFailure(new Error('timeout of 5ms exceeded'))).toEqual({ message: 'timeout of 5ms exceeded' });
  });
});
