import { useIntl } from '@umijs/max';
import { Alert, Button, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TAuditEntity, TAuditEvent } from '@/contracts/audit';
import { recordHistory } from '@/services/audit';
import { useFormat } from '@/utils/useFormat';
import AuditChanges from './Changes';
import { ACTION_IDS } from './fields';

const PAGE = 20;
const ACTION_COLOURS: Record<string, string> = { CREATE: 'green', DELETE: 'red', CANCEL: 'red', CLOSE: 'purple' };

export interface HistoryTabProps {
  entity: TAuditEntity;
  id: number;
}

/**
 * A record's history, newest first: when, who, what, and each changed field before → after. Used by
 * the History tab of every record form (RecordForm's `history` prop) and the class form.
 */
export default function HistoryTab({ entity, id }: HistoryTabProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const format = useFormat();
  const [events, setEvents] = useState<TAuditEvent[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (page: number) => {
      setLoading(true);
      setFailed(false);
      try {
        const reply = await recordHistory(entity, id, { current: page, pageSize: PAGE });
        setEvents((shown) => (page === 1 ? reply.data : [...shown, ...reply.data]));
        setTotal(reply.total);
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [entity, id],
  );
  useEffect(() => {
    load(1);
  }, [load]);

  if (failed) return <Alert type="error" showIcon message={t('audit.history.failed')} />;
  if (loading && events.length === 0) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (events.length === 0) return <Empty description={t('audit.history.empty')} />;
  return (
    <div className="history-tab" style={{ paddingTop: 8 }}>
      <Timeline
        items={events.map((event) => ({
          key: event.id,
          color: ACTION_COLOURS[event.action] ?? 'blue',
          children: (
            <div className="history-event">
              <div style={{ marginBottom: 2 }}>
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {format.dateTime(event.at)}
                </Typography.Text>{' '}
                <Tag color={ACTION_COLOURS[event.action]} style={{ marginInline: 4 }}>
                  {t(ACTION_IDS[event.action])}
                </Tag>
                <Typography.Text type="secondary">
                  {t('audit.history.by', { name: event.actor?.name ?? t('audit.actor.unknown') })}
                </Typography.Text>
              </div>
              <AuditChanges event={event} />
            </div>
          ),
        }))}
      />
      {events.length < total && (
        <Button block loading={loading} onClick={() => load(Math.floor(events.length / PAGE) + 1)}>
          {t('audit.history.more')}
        </Button>
      )}
    </div>
  );
}
