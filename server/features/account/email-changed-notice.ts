// The notice to the OLD address when an account's email changes (issue 20, finding 11): whoever holds
// the account learns of it even if the change was not theirs. The new address is masked, so the notice
// does not hand it to whoever reads the old mailbox.
import { escapeHtml } from '../../messaging/html';

/** "olive.front@example.test" → "o***@e***.test": enough to recognise one's own, not to write to it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host[0] ?? ''}***${tld}`;
}

export function emailChangedNotice(langKey: string, name: string, newEmail: string) {
  const masked = maskEmail(newEmail);
  const lines =
    langKey === 'zh-CN'
      ? [
          `${name}，您好：`,
          `您的 Level Up 账户邮箱刚刚已改为 ${masked}。今后的邮件将发送到新地址，其他设备上的登录已退出。`,
          '如果这不是您本人的操作，请立即联系您所在机构的管理员。',
        ]
      : [
          `Hello ${name},`,
          `The email address of your Level Up account was just changed to ${masked}. Emails now go to the new address, and your other devices were signed out.`,
          'If you did not make this change, contact your centre’s administrator at once.',
        ];
  return {
    subject: langKey === 'zh-CN' ? '您的 Level Up 账户邮箱已更改' : 'Your Level Up email address was changed',
    bodyText: lines.join('\n\n'),
    bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}
