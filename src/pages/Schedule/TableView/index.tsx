import NotBuiltYet from '@/components/NotBuiltYet';

export default function ScheduleTablePage() {
  return <NotBuiltYet feature="menu.schedule.table-view" />;
}
