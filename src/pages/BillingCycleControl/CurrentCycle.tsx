import type { ActionType } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Col, Descriptions, Flex, Popconfirm, Progress, Row, Space, Statistic } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import type { TBillingCycle } from '@/contracts/billing';
import { useFormat } from '@/utils/useFormat';
import CycleCentres from './CycleCentres';
import CycleChargeNote from './CycleChargeNote';
import { CycleStatusTag, OUTCOME_IDS } from './labels';
import StartCycleForm from './StartCycleForm';
import { activeCycle, cancelCycle, getCycle, runCycle } from './service';

const POLL_MS = 2000;
const COUNTED = ['CREATED', 'CHARGED', 'FAILED', 'SKIPPED'] as const;

/**
 * The active cycle (or the form to start one): its dates and status, Run now and Cancel, and while it
 * runs its progress per centre, polled every 2 s until it has finished. A cycle that finished here
 * stays on screen with its outcome until the user moves on.
 */
export default function CurrentCycle() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [cycle, setCycle] = useState<TBillingCycle | null>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<'run' | 'cancel'>();
  const centresRef = useRef<ActionType>();

  const load = useCallback(() => {
    setFailed(false);
    activeCycle()
      .then((reply) => setCycle(reply.cycle))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const running = cycle?.status === 'RUNNING';
  const cycleId = cycle?.id;
  useEffect(() => {
    if (!running || !cycleId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastDone = -1;
    const poll = async () => {
      const next = await getCycle(cycleId).catch(() => undefined);
      if (stopped) return;
      if (next) {
        setCycle(next);
        const done = next.counts.total - next.counts.PENDING;
        if (done !== lastDone || next.status !== 'RUNNING') centresRef.current?.reload();
        lastDone = done;
        if (next.status !== 'RUNNING') return;
      }
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, cycleId]);

  const act = async (kind: 'run' | 'cancel', id: number) => {
    setBusy(kind);
    let next: TBillingCycle | undefined;
    await runBillingWrite(
      async () => {
        next = await (kind === 'run' ? runCycle(id) : cancelCycle(id));
      },
      kind === 'run' ? 'billingCycles.run.failed' : 'billingCycles.cancel.failed',
    );
    setBusy(undefined);
    if (!next) return;
    if (kind === 'cancel') load();
    else {
      setCycle(next);
      centresRef.current?.reload();
    }
  };

  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        message={t('billingCycles.loadFailed')}
        action={<Button onClick={load}>{t('common.retry')}</Button>}
      />
    );
  if (cycle === undefined) return <Card loading />;
  if (cycle === null)
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon className="no-active-cycle" message={t('billingCycles.none')} />
        <Card title={t('billingCycles.start.title')} size="small">
          <div style={{ marginBottom: 12 }}>
            <CycleChargeNote />
          </div>
          <StartCycleForm onStarted={setCycle} />
        </Card>
      </Space>
    );

  const { counts } = cycle;
  const done = counts.total - counts.PENDING;
  const finished = cycle.status === 'COMPLETED' || cycle.status === 'CANCELLED';
  const percent = counts.total ? Math.floor((done / counts.total) * 100) : finished ? 100 : 0;
  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%' }}
      className="current-cycle"
      data-status={cycle.status}
    >
      <Card
        size="small"
        title={t('billingCycles.cycle.title', { start: format.date(cycle.startDate), end: format.date(cycle.endDate) })}
        extra={
          <Flex gap={8} wrap>
            {cycle.status === 'ACTIVE' && (
              <>
                <Popconfirm
                  title={t('billingCycles.run.confirm', { total: counts.total })}
                  description={
                    <div style={{ maxWidth: 360 }}>
                      <CycleChargeNote />
                    </div>
                  }
                  okText={t('billingCycles.run')}
                  onConfirm={() => act('run', cycle.id)}
                >
                  <Button type="primary" loading={busy === 'run'}>
                    {t('billingCycles.run')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('billingCycles.cancel.confirm')}
                  okText={t('billingCycles.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => act('cancel', cycle.id)}
                >
                  <Button danger loading={busy === 'cancel'}>
                    {t('billingCycles.cancel')}
                  </Button>
                </Popconfirm>
              </>
            )}
            {finished && <Button onClick={load}>{t('billingCycles.next')}</Button>}
          </Flex>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }}>
          <Descriptions.Item label={t('billingCycles.field.status')}>
            <CycleStatusTag status={cycle.status} t={t} />
          </Descriptions.Item>
          <Descriptions.Item label={t('billingCycles.field.repeats')}>
            {t(cycle.repeat ? 'common.yes' : 'common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('billingCycles.field.startedBy')}>{cycle.startedByName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('billingCycles.field.runStartedAt')}>
            {format.dateTime(cycle.runStartedAt) || '-'}
          </Descriptions.Item>
        </Descriptions>
        {cycle.status !== 'ACTIVE' && (
          <>
            <Progress
              className="cycle-progress"
              style={{ marginTop: 8 }}
              percent={percent}
              format={() => `${done} / ${counts.total}`}
              status={cycle.status === 'RUNNING' ? 'active' : counts.FAILED ? 'exception' : 'success'}
            />
            <Row gutter={16} style={{ marginTop: 12 }}>
              {COUNTED.map((outcome) => (
                <Col key={outcome} xs={12} md={6}>
                  <Statistic
                    className={`cycle-count-${outcome}`}
                    title={t(OUTCOME_IDS[outcome])}
                    value={counts[outcome]}
                    valueStyle={outcome === 'FAILED' && counts.FAILED ? { color: '#cf1322' } : undefined}
                  />
                </Col>
              ))}
            </Row>
          </>
        )}
        {cycle.status === 'ACTIVE' && (
          <Alert
            type="info"
            showIcon
            message={t('billingCycles.cycle.pending', { total: counts.total })}
            description={<CycleChargeNote />}
          />
        )}
      </Card>
      <CycleCentres cycleId={cycle.id} actionRef={centresRef} />
    </Space>
  );
}
