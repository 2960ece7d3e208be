import { Tag } from 'antd';
import type { TVoucherPurchaseType } from '@/contracts/vouchers';

export const VOUCHER_TYPES: TVoucherPurchaseType[] = ['PURCHASE', 'REFUND', 'ADJUSTMENT'];
/** Locale ids of the types, written out so the locale test sees each. */
export const TYPE_IDS: Record<TVoucherPurchaseType, string> = {
  PURCHASE: 'vouchers.type.PURCHASE',
  REFUND: 'vouchers.type.REFUND',
  ADJUSTMENT: 'vouchers.type.ADJUSTMENT',
};
const TYPE_COLOURS: Record<TVoucherPurchaseType, string> = { PURCHASE: 'green', REFUND: 'red', ADJUSTMENT: 'blue' };

export function VoucherTypeTag({ type, t }: { type: TVoucherPurchaseType; t: (id: string) => string }) {
  return <Tag color={TYPE_COLOURS[type]}>{t(TYPE_IDS[type])}</Tag>;
}
