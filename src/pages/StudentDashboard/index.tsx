import NotBuiltYet from '@/components/NotBuiltYet';

export default function StudentDashboardPage() {
  return <NotBuiltYet feature="menu.student.student-dashboard" />;
}
