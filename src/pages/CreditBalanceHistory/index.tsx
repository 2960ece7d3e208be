import NotBuiltYet from '@/components/NotBuiltYet';

export default function CreditBalanceHistoryPage() {
  return <NotBuiltYet feature="menu.credit-balance-history" />;
}
