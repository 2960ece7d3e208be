// The words of an auto top-up that was declined, to the family (email, in the guardian's language).
import { textToHtml } from '../../messaging/html';

export interface DeclineFacts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  guardian: string | null;
  child: string;
  amount: string;
  card: string | null;
  reason: string;
}

export const AUTO_TOP_UP_DECLINED_TEMPLATE = 'auto-top-up-declined';

export function declineEmail(f: DeclineFacts) {
  const lines =
    f.lang === 'zh-CN'
      ? [
          `${f.guardian ?? ''}，您好：`,
          `${f.centre} 为 ${f.child} 自动充值 ${f.amount} 时，${f.card ? `尾号 ${f.card} 的银行卡` : '您保存的银行卡'}被拒绝：${f.reason}`,
          '自动充值已关闭，没有扣款。您可以在家长门户中用银行卡充值或到前台付款，换卡后可重新开启自动充值。',
        ]
      : [
          `Hello ${f.guardian ?? ''},`.replace(' ,', ','),
          `${f.centre} tried to top up ${f.child}'s balance by ${f.amount}, and ${f.card ? `the card ending ${f.card}` : 'your saved card'} was declined: ${f.reason}`,
          'Auto top-up is now off and nothing was charged. You can top up by card in the family portal or pay at the front desk, and turn auto top-up on again with a working card.',
        ];
  const subject =
    f.lang === 'zh-CN'
      ? `${f.centre}：${f.child} 的自动充值被拒绝`
      : `${f.centre}: the auto top-up for ${f.child} was declined`;
  const text = lines.join('\n\n');
  return { subject, text, html: textToHtml(text) };
}

const zhReasons: Record<string, string> = {
  insufficient_funds: '余额不足。',
  expired_card: '银行卡已过期。',
  incorrect_cvc: '安全码不正确。',
  authentication_required: '银行要求您亲自验证这笔付款。',
  card_declined: '银行卡被拒绝。',
};

/** A decline's reason in the reader's language: Stripe's own message in English, ours in Chinese. */
export function declineReason(lang: DeclineFacts['lang'], code: string | null, message: string): string {
  if (lang === 'en-US') return message;
  return (code && zhReasons[code]) || zhReasons.card_declined;
}
