import { useIntl } from '@umijs/max';
import { Card, Col, Descriptions, Progress, Row, Statistic, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { TEmailBatch } from '@/contracts/email';
import { useFormat } from '@/utils/useFormat';
import BatchMessages from './BatchMessages';
import { getBatch } from './service';

const POLL_MS = 1500;

/** A bulk email's progress while the queue drains (polled every 1.5 s until finished), then its recipients. */
export default function BatchProgress({ batchId }: { batchId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [batch, setBatch] = useState<TEmailBatch>();
  // A resend of the failed messages opens the batch again: polling starts over.
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (a resend) restarts the polling.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const next = await getBatch(batchId).catch(() => undefined);
      if (stopped) return;
      if (next) setBatch(next);
      if (!next?.finishedAt) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [batchId, round]);

  if (!batch) return <Card loading />;
  const { counts } = batch;
  const settled = counts.SENT + counts.FAILED;
  const total = Math.max(batch.recipientCount, 1);
  const done = !!batch.finishedAt;
  return (
    <div className="email-batch-progress" data-finished={done ? 'true' : 'false'}>
      <Card
        size="small"
        title={batch.subject}
        extra={
          done ? (
            <Tag color="success">{t('email.batch.finished')}</Tag>
          ) : (
            <Tag color="processing">{t('email.batch.sending')}</Tag>
          )
        }
      >
        <Progress
          percent={Math.floor((settled / total) * 100)}
          success={{ percent: Math.floor((counts.SENT / total) * 100) }}
          status={done ? (counts.FAILED ? 'exception' : 'success') : 'active'}
        />
        <Row gutter={16} style={{ marginTop: 12 }}>
          {(['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const).map((status) => (
            <Col key={status} xs={12} md={6}>
              <Statistic title={t(`email.status.${status}`)} value={counts[status]} />
            </Col>
          ))}
        </Row>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginTop: 12 }}>
          <Descriptions.Item label={t('email.batch.recipients')}>{batch.recipientCount}</Descriptions.Item>
          <Descriptions.Item label={t('email.batch.sentAt')}>{format.dateTime(batch.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('email.batch.finishedAt')}>
            {format.dateTime(batch.finishedAt) || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <BatchMessages batch={batch} onResent={() => setRound((n) => n + 1)} />
    </div>
  );
}
