import { useIntl, useModel } from '@umijs/max';
import { Card, Typography } from 'antd';
import PageContainer from '@/components/PageContainer';
import { displayName } from '@/utils/displayName';

/** /admin/sub-page: the welcome page of the admin group, for the centre's staff (records:manage). */
export default function AdminWelcomePage() {
  const intl = useIntl();
  const { initialState } = useModel('@@initialState');
  return (
    <PageContainer title={intl.formatMessage({ id: 'pages.admin.welcome' })}>
      <Card>
        <Typography.Paragraph>
          {intl.formatMessage({ id: 'pages.admin.text' }, { name: displayName(initialState?.currentUser) })}
        </Typography.Paragraph>
      </Card>
    </PageContainer>
  );
}
