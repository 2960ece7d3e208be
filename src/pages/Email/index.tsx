import NotBuiltYet from '@/components/NotBuiltYet';

export default function EmailPage() {
  return <NotBuiltYet feature="menu.email" />;
}
