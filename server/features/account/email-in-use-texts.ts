// The emails that let "is this address in use?" go unanswered on screen (issue 37, finding 6), in the
// reader's language: the link that finishes registering a centre (to an address of no account), and the
// notice to an account's owner that someone tried to use its address (to register a centre, or for a
// family portal account), sent instead of telling the one who tried.
import { linesToHtml, textToHtml } from '../../messaging/html';

export const REGISTER_CONFIRM_TEMPLATE = 'register-confirm';
export const EMAIL_IN_USE_TEMPLATE = 'email-in-use';

const zh = (langKey: string | null | undefined) => langKey === 'zh-CN';

export interface RegisterConfirmFacts {
  langKey: string;
  name: string;
  centre: string;
  link: string;
  hours: number;
}

export function registerConfirmEmail({ langKey, name, centre, link, hours }: RegisterConfirmFacts) {
  const lines = zh(langKey)
    ? [
        `${name}，您好：`,
        `请打开以下链接，完成在 Level Up 注册中心“${centre}”（${hours} 小时内有效，只能使用一次）：`,
        link,
        '如果您没有注册，请忽略这封邮件：不会创建任何账户。',
      ]
    : [
        `Hello ${name},`,
        `Open this link to finish registering ${centre} on Level Up (it works once, within ${hours} hours):`,
        link,
        'If you did not register, ignore this email: no account is made.',
      ];
  return {
    subject: zh(langKey) ? '完成注册您的 Level Up 中心' : 'Finish registering your centre on Level Up',
    bodyText: lines.join('\n\n'),
    bodyHtml: linesToHtml(lines, link),
  };
}

/** What was tried with the address: registering a centre, or a family portal account at `centre`. */
export type EmailInUseAttempt = { kind: 'register' } | { kind: 'invitation'; centre: string };

export function emailInUseNotice(langKey: string, name: string, attempt: EmailInUseAttempt) {
  const what = zh(langKey)
    ? attempt.kind === 'register'
      ? '有人刚刚尝试用您的邮箱地址在 Level Up 注册一个新中心。'
      : `有人刚刚尝试用您的邮箱地址在“${attempt.centre}”开通家长门户账户。`
    : attempt.kind === 'register'
      ? 'Someone just tried to register a new centre on Level Up with your email address.'
      : `Someone just tried to open a family portal account at ${attempt.centre} with your email address.`;
  const lines = zh(langKey)
    ? [
        `${name}，您好：`,
        `${what}该地址已属于您的账户，因此没有创建或更改任何内容。`,
        '如果是您本人：请用现有账户登录（忘记密码可在登录页重置），或换一个邮箱地址。如果不是您，无需任何操作。',
      ]
    : [
        `Hello ${name},`,
        `${what} The address already belongs to your account, so nothing was created or changed.`,
        'If it was you, sign in with your account (the sign-in page resets a forgotten password) or use another address. If it was not you, there is nothing to do.',
      ];
  const text = lines.join('\n\n');
  return {
    subject: zh(langKey) ? '有人尝试使用您的 Level Up 邮箱地址' : 'Someone tried to use your Level Up email address',
    bodyText: text,
    bodyHtml: textToHtml(text),
  };
}
