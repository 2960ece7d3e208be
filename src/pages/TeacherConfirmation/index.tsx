import NotBuiltYet from '@/components/NotBuiltYet';

export default function TeacherConfirmationPage() {
  return <NotBuiltYet feature="menu.teacher-confirmation" />;
}
