import { useLocation } from '@umijs/max';
import NotBuiltYet from '@/components/NotBuiltYet';

/** One page for both /student/all-student and /student/inactive-student (spec section 2). */
export default function StudentPage() {
  const { pathname } = useLocation();
  const inactive = pathname.endsWith('/inactive-student');
  return <NotBuiltYet feature={inactive ? 'menu.student.inactive-student' : 'menu.student.all-student'} />;
}
