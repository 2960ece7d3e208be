import NotBuiltYet from '@/components/NotBuiltYet';

export default function TeacherPage() {
  return <NotBuiltYet feature="menu.teacher" />;
}
