import { zhCNClasses } from './zh-CN-classes';
import { zhCNCover } from './zh-CN-cover';
import { zhCNFamilies } from './zh-CN-families';
import { zhCNLessons } from './zh-CN-lessons';
import { zhCNMakeUps } from './zh-CN-make-ups';
import { zhCNMoney } from './zh-CN-money';
import { zhCNPayments } from './zh-CN-payments';
import { zhCNPrivacy } from './zh-CN-privacy';
import { zhCNReceipts } from './zh-CN-receipts';
import { zhCNRefusals } from './zh-CN-refusals';
import { zhCNRules } from './zh-CN-rules';
import { zhCNSeats } from './zh-CN-seats';
import { zhCNSms } from './zh-CN-sms';
import { zhCNStatements } from './zh-CN-statements';

/** Every text the server shows a person, English → Chinese (the catalog `text.ts` renders from). */
export const zhCN = {
  ...zhCNRules,
  ...zhCNRefusals,
  ...zhCNClasses,
  ...zhCNMoney,
  ...zhCNReceipts,
  ...zhCNFamilies,
  ...zhCNSms,
  ...zhCNPayments,
  ...zhCNPrivacy,
  ...zhCNStatements,
  ...zhCNCover,
  ...zhCNSeats,
  ...zhCNLessons,
  ...zhCNMakeUps,
} as const;
