import NotBuiltYet from '@/components/NotBuiltYet';

export default function TermRegisterPage() {
  return <NotBuiltYet feature="menu.term-register" />;
}
