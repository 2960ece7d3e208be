import NotBuiltYet from '@/components/NotBuiltYet';

export default function CoursePage() {
  return <NotBuiltYet feature="menu.course" />;
}
