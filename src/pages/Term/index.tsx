import NotBuiltYet from '@/components/NotBuiltYet';

export default function TermPage() {
  return <NotBuiltYet feature="menu.term" />;
}
