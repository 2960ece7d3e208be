import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentreWithStaff } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

// Issue 19, section 5: the server answers in the language the client sends (Accept-Language), with
// the same status and errorCode; without the header, in English as before.
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await createCentreWithStaff(ctx)).tokens.admin;
});
afterAll(() => ctx?.close());

const asked = (language?: string) => {
  const call = <T extends request.Test>(test: T) => {
    test.set('Authorization', `Bearer ${token}`);
    return language ? test.set('Accept-Language', language) : test;
  };
  return {
    get: (url: string) => call(request(ctx.app).get(url)),
    post: (url: string, body: object) => call(request(ctx.app).post(url).send(body)),
  };
};
const noStudent = { paymentType: 'CASH', price: '100.00', termId: 1 };

describe('server messages in the reader’s language', () => {
  it('words a validation error (a missing required field) in Chinese, field by field', async () => {
    const res = await asked('zh-CN,zh;q=0.9,en;q=0.8').post('/api/authenticate', { username: 'someone' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'validation',
      errorMessage: '请求内容无效：password：此项为必填项',
      fieldErrors: [{ field: 'password', message: '此项为必填项' }],
    });
    const noId = await asked('zh-CN').post('/api/term-registers', noStudent);
    expect(noId.status).toBe(400);
    expect(noId.body).toMatchObject({
      errorCode: 'validation',
      errorMessage: '请求内容无效：studentId：必须是 1 到 2147483647 之间的整数',
      fieldErrors: [{ field: 'studentId', message: '必须是 1 到 2147483647 之间的整数' }],
    });
  });

  it('keeps English without the header, or with an English one', async () => {
    for (const language of [undefined, 'en-US,en;q=0.9,zh-CN;q=0.8']) {
      const res = await asked(language).post('/api/authenticate', { username: 'someone' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errorCode: 'validation',
        errorMessage: 'Invalid body: password: This field is required',
        fieldErrors: [{ field: 'password', message: 'This field is required' }],
      });
      const noId = await asked(language).post('/api/term-registers', noStudent);
      expect(noId.body.errorMessage).toBe('Invalid body: studentId: Must be a whole number from 1 to 2147483647');
    }
  });

  it('words a rule refusal in Chinese: a schedule download from a day that is not a Monday', async () => {
    const zh = await asked('zh-CN').get('/api/schedules/download/week?monday=2026-03-03');
    const en = await asked().get('/api/schedules/download/week?monday=2026-03-03');
    expect([zh.status, en.status]).toEqual([400, 400]);
    expect(zh.body.errorCode).toBe(en.body.errorCode);
    expect(zh.body.fieldErrors).toEqual([{ field: 'monday', message: '请选择一个星期一后重试' }]);
    expect(zh.body.errorMessage).toBe('查询参数无效：monday：请选择一个星期一后重试');
    expect(en.body.fieldErrors).toEqual([{ field: 'monday', message: 'Pick a Monday and try again' }]);
  });

  it('words a 404 in Chinese, the kind of record too', async () => {
    const zh = await asked('zh-CN').get('/api/students/999999');
    const en = await asked().get('/api/students/999999');
    expect([zh.status, en.status]).toEqual([404, 404]);
    expect(zh.body).toMatchObject({ errorCode: 'not_found', errorMessage: '未找到学生 999999' });
    expect(en.body).toMatchObject({ errorCode: 'not_found', errorMessage: 'Student 999999 was not found' });
  });

  it('words a refusal before sign-in in Chinese, and zod’s own messages from its Chinese locale', async () => {
    const signIn = await request(ctx.app).get('/api/students').set('Accept-Language', 'zh-CN');
    expect(signIn.status).toBe(401);
    expect(signIn.body).toMatchObject({ errorCode: 'unauthenticated', errorMessage: '请先登录' });
    const wrongType = await asked('zh').post('/api/term-registers', { ...noStudent, studentId: 1, paid: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fieldErrors).toEqual([{ field: 'paid', message: '必须是布尔值' }]);
  });
});
