// The emails of a household's privacy requests (issue 21), in the guardian's language (en-US or zh-CN):
// the confirmation that an erasure request reached the centre, and the notice that it was done.
import { linesToHtml } from '../../messaging/html';

export interface PrivacyTexts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  name: string | null;
}

export const langOf = (langKey: string | null | undefined): PrivacyTexts['lang'] =>
  langKey === 'zh-CN' ? 'zh-CN' : 'en-US';

const hello = (t: PrivacyTexts) =>
  t.lang === 'zh-CN' ? `${t.name ?? ''}，您好：` : `Hello ${t.name ?? ''},`.replace(' ,', ',');

function email(subject: string, lines: string[]) {
  return { subject, bodyText: lines.join('\n\n'), bodyHtml: linesToHtml(lines, '') };
}

/** To the guardian who asked: the request reached the centre, what will happen, how to withdraw it. */
export function erasureRequestedEmail(t: PrivacyTexts) {
  return t.lang === 'zh-CN'
    ? email(`${t.centre} 已收到您的数据删除申请`, [
        hello(t),
        `${t.centre} 已收到您删除家庭个人数据的申请。中心管理员处理后，家长和学生的姓名、联系方式和备注将被匿名化，家长门户的登录将被停用；为中心账目保留的金额和日期不会被删除。`,
        '处理完成后，我们会再发一封邮件通知您。在此之前，您可以在家长门户的“设置 › 您的数据”中撤回申请，也可以在那里下载全部数据。',
        '如果这不是您本人提出的申请，请尽快联系中心。',
      ])
    : email(`${t.centre} received your request to erase your data`, [
        hello(t),
        `${t.centre} received your request to erase your household's personal data. When the centre's admin completes it, the names, contact details and notes of your family are anonymised and your portal sign-in ends; the amounts and dates the centre must keep for its accounts stay.`,
        'We will email you again when it is done. Until then you can withdraw the request, or download all your data, in the portal under Settings › Your data.',
        'If you did not ask for this, contact the centre as soon as you can.',
      ]);
}

/** To each guardian with an address, queued just before the address is erased. */
export function erasureCompletedEmail(t: PrivacyTexts) {
  return t.lang === 'zh-CN'
    ? email(`${t.centre} 已删除您的家庭数据`, [
        hello(t),
        `应您的申请，${t.centre} 已将您家庭的个人数据匿名化：家长和学生的姓名、联系方式和备注已删除，家长门户的登录已停用。为中心账目保留的金额和日期仍在，但不再与任何姓名相关联。`,
        '这是我们发送到此地址的最后一封邮件；发送后，地址本身也会被删除。',
      ])
    : email(`${t.centre} erased your household's data`, [
        hello(t),
        `As you asked, ${t.centre} anonymised your household's personal data: the names, contact details and notes of your family are gone and your portal sign-in has ended. The amounts and dates the centre keeps for its accounts stay, attributed to no name.`,
        'This is the last email we send to this address; once it has gone, the address itself is erased.',
      ]);
}

export function erasureCompletedSms(t: PrivacyTexts): string {
  return t.lang === 'zh-CN'
    ? `${t.centre}：应您的申请，您家庭的个人数据已匿名化，家长门户登录已停用。这是发往此号码的最后一条短信。`
    : `${t.centre}: as you asked, your household's personal data was anonymised and your portal sign-in ended. This is the last SMS to this number.`;
}
