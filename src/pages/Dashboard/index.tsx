import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Card, Empty } from 'antd';

/** The dashboard's figures (spec section 2) come with a later issue; until then it says so. */
export default function DashboardPage() {
  const intl = useIntl();
  return (
    <PageContainer title={intl.formatMessage({ id: 'pages.dashboard.title' })}>
      <Card>
        <Empty description={intl.formatMessage({ id: 'pages.dashboard.empty' })} />
      </Card>
    </PageContainer>
  );
}
