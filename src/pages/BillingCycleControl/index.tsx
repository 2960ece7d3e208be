import NotBuiltYet from '@/components/NotBuiltYet';

export default function BillingCycleControlPage() {
  return <NotBuiltYet feature="menu.billing-cycle-control" />;
}
