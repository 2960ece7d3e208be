import NotBuiltYet from '@/components/NotBuiltYet';

export default function StaffPage() {
  return <NotBuiltYet feature="menu.staff" />;
}
