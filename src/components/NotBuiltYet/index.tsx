import { useIntl } from '@umijs/max';
import { Card, Empty } from 'antd';
import PageContainer from '@/components/PageContainer';

/**
 * The honest page of a feature that a later issue builds: its title and a plain statement that it
 * is not there yet. `feature` is the locale id of the feature's menu name, e.g. 'menu.staff'.
 */
export default function NotBuiltYet({ feature }: { feature: string }) {
  const intl = useIntl();
  const name = intl.formatMessage({ id: feature });
  return (
    <PageContainer title={name}>
      <Card>
        <Empty description={intl.formatMessage({ id: 'pages.notBuilt' }, { feature: name })} />
      </Card>
    </PageContainer>
  );
}
