import { FilePdfOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { downloadStatement, statementMonths } from '@/services/statements';
import { useFormat } from '@/utils/useFormat';
import { Failed, useDownload, useLoad, useT } from './shared';

/** The household's monthly statements on /family/balance: months with activity, newest first, each a PDF. */
export default function Statements() {
  const t = useT();
  const fmt = useFormat();
  const download = useDownload();
  const { load, reload } = useLoad(statementMonths, 'statements');
  return (
    <Card
      size="small"
      style={{ marginTop: 24 }}
      title={
        <h2 id="statements-title" style={{ margin: 0, fontSize: 16 }}>
          {t('statements.title')}
        </h2>
      }
      data-testid="statements"
    >
      <Typography.Paragraph type="secondary">{t('statements.help')}</Typography.Paragraph>
      {load.state === 'loading' ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {load.state === 'failed' ? <Failed onRetry={reload} /> : null}
      {load.state === 'loaded' && load.value.data.length === 0 ? <Empty description={t('statements.empty')} /> : null}
      {load.state === 'loaded' && load.value.data.length > 0 ? (
        <ul aria-labelledby="statements-title" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {load.value.data.map(({ month, entries }) => {
            const label = fmt.monthLabel(`${month}-01`);
            return (
              <li key={month} style={{ padding: '6px 0' }}>
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <Flex vertical gap={0}>
                    <Typography.Text strong>{label}</Typography.Text>
                    <Typography.Text type="secondary">{t('statements.entries', { count: entries })}</Typography.Text>
                  </Flex>
                  <Button
                    size="small"
                    icon={<FilePdfOutlined />}
                    aria-label={t('statements.download.label', { month: label })}
                    onClick={() => download(() => downloadStatement(month))}
                  >
                    {t('statements.download')}
                  </Button>
                </Flex>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
