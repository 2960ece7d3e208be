import { describe, expect, it } from 'vitest';
import { z } from '../../src/contracts/z';
import { render, runtimeText, t, textList } from './text';

const issues = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues ?? [];

describe('server texts', () => {
  it('fills a template in either language, translating the texts among its params', () => {
    const message = t('{what} {id} was not found', { what: t('Student'), id: 7 });
    expect(render(message, 'en-US')).toBe('Student 7 was not found');
    expect(render(message, 'zh-CN')).toBe('未找到学生 7');
    expect(render('Pick a Monday and try again', 'zh-CN')).toBe('请选择一个星期一后重试');
    expect(render(textList([t('Student'), t('Teacher')]), 'zh-CN')).toBe('学生；教师');
  });

  it("words zod's issues: contract messages from the catalog, zod's own from its zh-CN locale", () => {
    const schema = z.object({
      studentId: z.number(),
      name: z.string().max(3),
      note: z.string().max(40, 'At most 40 characters'),
      phone: z.string().refine(() => false, 'Input a valid phone number'),
    });
    const [missing, long, longNote, phone] = issues(schema, { name: 'abcd', note: 'x'.repeat(41), phone: '1' });
    expect(render({ issue: missing }, 'en-US')).toBe('This field is required');
    expect(render({ issue: missing }, 'zh-CN')).toBe('此项为必填项');
    expect(render({ issue: long }, 'zh-CN')).toMatch(/^数值过大/);
    expect(render({ issue: longNote }, 'zh-CN')).toBe('最多 40 个字符');
    expect(render({ issue: phone }, 'zh-CN')).toBe('请输入有效的手机号码');
    const [wrongType] = issues(z.object({ n: z.number() }), { n: 'x' });
    expect(render({ issue: wrongType }, 'zh-CN')).toBe('必须是数字');
  });

  it('translates a text known only at run time when the catalog has it, else keeps it', () => {
    expect(render(runtimeText('Already inactive'), 'zh-CN')).toBe('已停用');
    expect(render(runtimeText('At most 20000 rows can be imported at once'), 'zh-CN')).toBe('一次最多导入 20000 行');
    expect(render(runtimeText('card_declined'), 'zh-CN')).toBe('card_declined');
  });
});
