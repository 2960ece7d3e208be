import NotBuiltYet from '@/components/NotBuiltYet';

export default function AuditPage() {
  return <NotBuiltYet feature="menu.audit" />;
}
