// The invitation to the family portal, in the guardian's language (en-US or zh-CN).
import { linesToHtml } from '../../messaging/html';

export interface InvitationTexts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  name: string | null;
  /** The children's first names. */
  children: string[];
  days: number;
}

function childList(lang: InvitationTexts['lang'], children: string[]): string {
  if (lang === 'zh-CN') return children.join('、');
  if (children.length <= 1) return children.join('');
  return `${children.slice(0, -1).join(', ')} and ${children[children.length - 1]}`;
}

export function invitationEmail({ link, ...t }: InvitationTexts & { link: string }) {
  const kids = childList(t.lang, t.children);
  const lines =
    t.lang === 'zh-CN'
      ? [
          `${t.name ?? ''}，您好：`,
          `${t.centre} 邀请您使用 Level Up 家长门户，随时查看${kids ? ` ${kids} 的` : ''}课程、余额和老师反馈，并可在线充值。`,
          `请在 ${t.days} 天内打开以下链接设置密码（链接只能使用一次）：`,
          link,
          '如果您没有预期收到这封邮件，请忽略它。',
        ]
      : [
          `Hello ${t.name ?? ''},`.replace(' ,', ','),
          `${t.centre} invites you to the Level Up family portal: ${kids ? `${kids}'s` : 'your children’s'} lessons, balance and teachers' feedback, at any time.`,
          `Open this link within ${t.days} days to choose your password (it works once):`,
          link,
          'If you were not expecting this email, ignore it.',
        ];
  const subject =
    t.lang === 'zh-CN' ? `${t.centre} 邀请您使用家长门户` : `${t.centre} invites you to its family portal`;
  return {
    subject,
    bodyText: lines.join('\n\n'),
    bodyHtml: linesToHtml(lines, link),
  };
}

export function invitationSms({ code, link, ...t }: InvitationTexts & { code: string; link: string }): string {
  return t.lang === 'zh-CN'
    ? `${t.centre}：您的家长门户邀请码是 ${code}，${t.days} 天内有效。请打开 ${link} ，输入本手机号和邀请码。`
    : `${t.centre}: your family portal invitation code is ${code} (valid ${t.days} days). Open ${link} and enter this phone number and the code.`;
}
