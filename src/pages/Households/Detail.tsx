import { useIntl, useParams } from '@umijs/max';
import HouseholdLoader from '@/components/HouseholdPanel/HouseholdLoader';
import PageContainer from '@/components/PageContainer';
import NotFoundPage from '@/pages/Exception/404';
import { studentIdFrom } from '@/pages/StudentDashboard/studentId';

/** /student/households/:id: one household, its students and guardians. */
export default function HouseholdPage() {
  const intl = useIntl();
  const id = studentIdFrom(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return (
    <PageContainer title={intl.formatMessage({ id: 'menu.student.household' })}>
      <HouseholdLoader id={id} />
    </PageContainer>
  );
}
