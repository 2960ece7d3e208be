// The words of a low-balance message to a family, in the reader's language (en-US or zh-CN): the
// student's own address gets en-US (a student has no language of their own), a guardian their own.
import { moneyText } from '../../money/money-text';

export interface LowBalanceFacts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  student: string;
  currency: string;
  balance: { toString(): string };
  threshold: { toString(): string };
}

export function lowBalanceFamilyText(f: LowBalanceFacts) {
  const balance = moneyText(f.balance.toString(), f.currency, f.lang);
  const threshold = moneyText(f.threshold.toString(), f.currency, f.lang);
  return f.lang === 'zh-CN'
    ? {
        subject: `${f.centre}：${f.student} 的课时券余额不足`,
        body: `${f.student} 的课时券余额为 ${balance}，低于 ${threshold}。请到中心充值。`,
      }
    : {
        subject: `${f.centre}: ${f.student}'s voucher balance is low`,
        body: `The voucher balance of ${f.student} is ${balance}, below ${threshold}. Please top it up at the centre.`,
      };
}
