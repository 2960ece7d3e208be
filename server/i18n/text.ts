import { z } from 'zod';
import type { Locale } from './locale';
import { zhCN } from './zh-CN';

/**
 * A text the server shows a person, keyed by its English wording in the catalog (`zh-CN.ts`). Refusals
 * name one (a literal missing from the catalog does not compile); variable parts are `{name}`
 * placeholders filled from params, so the English message for logs and the Chinese one for a zh-CN
 * reader come from the same template.
 */
export type ServerText = keyof typeof zhCN;

/** A catalog text with its params: numbers and strings as they are (names, ids), texts translated. */
export interface Text {
  readonly text: ServerText;
  readonly params?: Readonly<Record<string, TextParam>>;
}
/** A zod issue (route() validation): its custom message through the catalog, zod's own from its locale. */
export interface IssueText {
  readonly issue: z.core.$ZodIssue;
}
/** A text known only at run time (a reason passed along): translated when it is a catalog text. */
export interface RuntimeText {
  readonly runtime: string;
}
/** Texts shown one after the other. */
export interface TextList {
  readonly list: readonly Message[];
  readonly separator: '; ' | '\n' | ', ';
}
export type Message = ServerText | Text | IssueText | RuntimeText | TextList;
export type TextParam = string | number | Exclude<Message, ServerText>;

export const t = (text: ServerText, params?: Text['params']): Text => ({ text, params });
export const runtimeText = (runtime: string): RuntimeText => ({ runtime });
export const textList = (list: readonly Message[], separator: TextList['separator'] = '; '): TextList => ({
  list,
  separator,
});

export function isServerText(value: string): value is ServerText {
  return Object.hasOwn(zhCN, value);
}

const escapeRegExp = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Templates whose variable parts are all numbers ('At most {max} characters'), as patterns. */
const numberTemplates = (Object.keys(zhCN) as ServerText[])
  .filter((key) => key.includes('{'))
  .map((key) => ({
    key,
    names: [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
    pattern: new RegExp(
      `^${key
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('(\\d+)')}$`,
    ),
  }));

/** A finished English text as a catalog text: the text itself, or a number template it fills in. */
export function catalogText(english: string): Text | undefined {
  if (isServerText(english)) return { text: english };
  for (const { key, names, pattern } of numberTemplates) {
    const match = pattern.exec(english);
    if (match) return { text: key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return undefined;
}

function template(text: ServerText, locale: Locale): string {
  return locale === 'zh-CN' ? zhCN[text] : text;
}

function fill(pattern: string, params: Text['params'], locale: Locale): string {
  if (!params) return pattern;
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'object' ? render(value, locale) : String(value);
  });
}

const zhTypes: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  date: '日期',
};
const zodChinese = z.locales.zhCN();

function issueText(issue: z.core.$ZodIssue, locale: Locale): string {
  if (locale === 'en-US') return issue.message;
  const known = catalogText(issue.message);
  if (known) return render(known, locale);
  // A custom issue may carry its template and values (a message with variable parts).
  const params = issue.code === 'custom' ? (issue.params as Text['params'] & { text?: string }) : undefined;
  if (params?.text && isServerText(params.text)) return fill(zhCN[params.text], params, locale);
  // src/contracts/z.ts words invalid types itself ("Must be a number").
  if (issue.code === 'invalid_type') {
    return fill(zhCN['Must be a {expected}'], { expected: zhTypes[issue.expected] ?? issue.expected }, locale);
  }
  const zod = zodChinese.localeError(issue as unknown as z.core.$ZodRawIssue);
  const text = typeof zod === 'string' ? zod : zod?.message;
  return text ?? issue.message;
}

/** A message in the reader's language (English for logs and for a reader who asked for nothing else). */
export function render(message: Message, locale: Locale): string {
  if (typeof message === 'string') return template(message, locale);
  if ('text' in message) return fill(template(message.text, locale), message.params, locale);
  if ('issue' in message) return issueText(message.issue, locale);
  if ('runtime' in message) {
    const known = catalogText(message.runtime);
    return known ? render(known, locale) : message.runtime;
  }
  const separator = locale === 'zh-CN' && message.separator === '; ' ? '；' : message.separator;
  return message.list.map((item) => render(item, locale)).join(separator);
}
