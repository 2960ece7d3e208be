import NotBuiltYet from '@/components/NotBuiltYet';

export default function TeacherAvailabilityPage() {
  return <NotBuiltYet feature="menu.schedule.google-calendar" />;
}
