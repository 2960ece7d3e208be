import NotBuiltYet from '@/components/NotBuiltYet';

export default function VoucherPurchaseHistoryPage() {
  return <NotBuiltYet feature="menu.voucher-purchase-history" />;
}
