import NotBuiltYet from '@/components/NotBuiltYet';

export default function ManagePaymentPage() {
  return <NotBuiltYet feature="menu.manage-payment" />;
}
