import { Tag } from 'antd';
import type { TCreditUpdateType } from '@/contracts/billing';

export const CREDIT_TYPES: TCreditUpdateType[] = ['ADD', 'ADJUST', 'SUBTRACT', 'INVOICE_CHARGE'];
/** Locale ids written out, so the locale test sees each. */
export const CREDIT_TYPE_IDS: Record<TCreditUpdateType, string> = {
  ADD: 'billingCycles.credit.type.ADD',
  ADJUST: 'billingCycles.credit.type.ADJUST',
  SUBTRACT: 'billingCycles.credit.type.SUBTRACT',
  INVOICE_CHARGE: 'billingCycles.credit.type.INVOICE_CHARGE',
};
const COLOURS: Record<TCreditUpdateType, string> = {
  ADD: 'green',
  ADJUST: 'blue',
  SUBTRACT: 'orange',
  INVOICE_CHARGE: 'purple',
};

export function CreditTypeTag({ type, t }: { type: TCreditUpdateType; t: (id: string) => string }) {
  return <Tag color={COLOURS[type]}>{t(CREDIT_TYPE_IDS[type])}</Tag>;
}
