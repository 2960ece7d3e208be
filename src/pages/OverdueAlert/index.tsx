import NotBuiltYet from '@/components/NotBuiltYet';

export default function OverdueAlertPage() {
  return <NotBuiltYet feature="menu.overdue-alert" />;
}
