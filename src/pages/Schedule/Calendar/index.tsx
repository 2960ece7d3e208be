import NotBuiltYet from '@/components/NotBuiltYet';

export default function ScheduleCalendarPage() {
  return <NotBuiltYet feature="menu.schedule.schedule-calendar" />;
}
