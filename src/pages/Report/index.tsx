import NotBuiltYet from '@/components/NotBuiltYet';

export default function ReportPage() {
  return <NotBuiltYet feature="menu.report" />;
}
