import { useAccess, useIntl, useModel } from '@umijs/max';
import { Card, Space } from 'antd';
import PageContainer from '@/components/PageContainer';
import AccountForm from './components/AccountForm';
import ChangePasswordForm from './components/ChangePasswordForm';
import FeedbackRemindersCard from './components/FeedbackRemindersCard';
import LessonPolicyCard from './components/LessonPolicyCard';
import LessonRemindersCard from './components/LessonRemindersCard';
import NotificationSettingsCard from './components/NotificationSettingsCard';
import PaymentMethodsCard from './components/PaymentMethodsCard';
import SessionsCard from './components/SessionsCard';
import TravelTimeCard from './components/TravelTimeCard';

/** /profile, "Account Information": own details, password, and the signed-in devices (one or all signed out). */
export default function ProfilePage() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  const currentUser = initialState?.currentUser;
  const access = useAccess();
  if (!currentUser) return null;
  return (
    <PageContainer title={intl.formatMessage({ id: 'menu.profile' })}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={intl.formatMessage({ id: 'pages.profile.details' })}>
          <AccountForm account={currentUser} />
        </Card>
        <Card title={intl.formatMessage({ id: 'pages.profile.password' })}>
          <ChangePasswordForm />
        </Card>
        {/* Teachers set theirs on /accountSettings. */}
        {access['teacherSettings:own'] ? null : <NotificationSettingsCard />}
        {access['settings:manage'] ? <FeedbackRemindersCard /> : null}
        {access['settings:manage'] ? <LessonRemindersCard /> : null}
        {access['settings:manage'] ? <LessonPolicyCard /> : null}
        {access['locations:manage'] ? <TravelTimeCard /> : null}
        {access['settings:manage'] ? <PaymentMethodsCard /> : null}
        <SessionsCard />
      </Space>
    </PageContainer>
  );
}
