import { history, useAccess, useIntl } from '@umijs/max';
import { Badge, Button, Empty, List, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TNotice } from '@/contracts/notices';
import { useFormat } from '@/utils/useFormat';
import { listNotices, markAllNoticesRead, markNoticeRead } from './service';

const LIMIT = 30;
/** The list an import filled (`data.list`: the kind of record imported). */
function importList(list: unknown): string {
  if (list === 'TEACHER') return '/teacher';
  if (list === 'STAFF') return '/staff';
  if (list === 'COURSE') return '/course';
  return '/student/all-student';
}

/** Where a notice leads: its class, student, bulk email or list, as the reader may open it. */
export function noticeLink(notice: TNotice, staff: boolean): string | undefined {
  const id = notice.entityId;
  switch (notice.entityType) {
    case 'SCHEDULE':
      if (staff) return id ? `/schedule/table-view?id=${id}` : '/schedule/table-view';
      return '/teacherConfirmation';
    case 'STUDENT':
      return id ? `/student/studentDashboard/${id}` : '/student/all-student';
    case 'EMAIL_BATCH':
      return id ? `/email?tab=history&batch=${id}` : '/email?tab=history';
    case 'IMPORT':
      return importList(notice.data.list);
    case 'HOUSEHOLD':
      return id ? `/student/households/${id}` : '/student/households';
    case 'ERASURE_REQUEST':
      return '/student/erasure-requests';
    default:
      return undefined;
  }
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; notices: TNotice[] };

/** The popover of the bell: the user's notices grouped by type, newest group first. */
export default function NoticeList({ onUnread, onClose }: { onUnread: (n: number) => void; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const staff = !!useAccess()['schedules:manage'];
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetch = useCallback(() => {
    setLoad({ state: 'loading' });
    listNotices({ limit: LIMIT })
      .then((reply) => {
        setLoad({ state: 'loaded', notices: reply.data });
        onUnread(reply.unread);
      })
      .catch(() => setLoad({ state: 'failed' }));
  }, [onUnread]);
  useEffect(fetch, [fetch]);

  const text = (n: TNotice) => {
    const values: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(n.data)) values[key] = value === null ? '' : String(value);
    if (typeof n.data.startAt === 'string') values.startAt = format.dateTime(n.data.startAt);
    for (const key of ['balance', 'threshold'])
      if (typeof n.data[key] === 'string') values[key] = format.money(n.data[key] as string);
    return t(`notices.text.${n.type}`, values);
  };

  const open = async (n: TNotice) => {
    onClose();
    if (!n.read) {
      markNoticeRead(n.id)
        .then(() => fetch())
        .catch(() => undefined);
    }
    const link = noticeLink(n, staff);
    if (link) history.push(link);
  };

  const readAll = async () => {
    try {
      await markAllNoticesRead();
    } catch {
      return; // the request layer has shown the error
    }
    fetch();
  };

  const width = 'min(380px, calc(100vw - 24px))';
  if (load.state === 'loading') return <Spin style={{ display: 'block', width, padding: 40 }} />;
  if (load.state === 'failed')
    return (
      <Result
        style={{ width, padding: 16 }}
        status="warning"
        subTitle={t('notices.loadFailed')}
        extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
      />
    );

  const groups: { type: TNotice['type']; items: TNotice[] }[] = [];
  for (const n of load.notices) {
    const group = groups.find((g) => g.type === n.type);
    if (group) group.items.push(n);
    else groups.push({ type: n.type, items: [n] });
  }
  const anyUnread = load.notices.some((n) => !n.read);

  return (
    <div style={{ width }} data-testid="notice-list">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '8px 12px',
          borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        }}
      >
        <Typography.Text strong>{t('notices.title')}</Typography.Text>
        <Button size="small" type="link" disabled={!anyUnread} onClick={readAll}>
          {t('notices.markAll')}
        </Button>
      </div>
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} style={{ padding: 16 }} />
      ) : (
        <div style={{ maxHeight: 'min(440px, 70vh)', overflowY: 'auto' }}>
          {groups.map((group) => (
            <section key={group.type} aria-label={t(`notices.type.${group.type}`)}>
              <Typography.Text
                type="secondary"
                style={{ display: 'block', padding: '8px 12px 0', fontSize: 12, textTransform: 'uppercase' }}
              >
                {`${t(`notices.type.${group.type}`)} (${group.items.length})`}
              </Typography.Text>
              <List
                size="small"
                dataSource={group.items}
                renderItem={(n) => (
                  <List.Item
                    key={n.id}
                    onClick={() => open(n)}
                    style={{ cursor: 'pointer', paddingInline: 12, alignItems: 'flex-start' }}
                    data-testid="notice-item"
                  >
                    <div style={{ display: 'flex', gap: 8, minWidth: 0, width: '100%' }}>
                      <Badge status={n.read ? 'default' : 'processing'} style={{ marginTop: 2 }} />
                      <div style={{ minWidth: 0, flex: 1 }}>
                        <Typography.Text strong={!n.read} style={{ display: 'block', overflowWrap: 'anywhere' }}>
                          {text(n)}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                          {format.dateTime(n.createdAt)}
                        </Typography.Text>
                      </div>
                    </div>
                  </List.Item>
                )}
              />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
