import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import RecordListPage from '@/components/RecordListPage';
import type { TEmailBatch } from '@/contracts/email';
import { messageStatuses, type TMessage } from '@/contracts/message-history';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { batchMessages, resendFailed } from './service';

export const statusColour = { QUEUED: 'default', SENDING: 'processing', SENT: 'success', FAILED: 'error' } as const;

/** One row per recipient of a bulk email: status, attempts, error; search, status filter, resend failed. */
export default function BatchMessages({ batch, onResent }: { batch: TEmailBatch; onResent: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const actionRef = useRef<ActionType>();
  const { counts } = batch;

  // Follows the progress: reloads when the counts move.
  const progress = `${counts.QUEUED}/${counts.SENDING}/${counts.SENT}/${counts.FAILED}`;
  useEffect(() => {
    if (progress) actionRef.current?.reload();
  }, [progress]);

  const statusEnum = Object.fromEntries(messageStatuses.map((s) => [s, { text: t(`email.status.${s}`) }]));
  const columns: ProColumns<TMessage>[] = [
    { title: t('email.message.name'), dataIndex: 'recipientName', width: 180, ellipsis: true },
    { title: t('email.message.address'), dataIndex: 'recipient', width: 220, ellipsis: true },
    {
      title: t('email.message.status'),
      dataIndex: 'status',
      width: 110,
      render: (_, m) => (
        <Tag color={statusColour[m.status]} data-status={m.status}>
          {t(`email.status.${m.status}`)}
        </Tag>
      ),
    },
    { title: t('email.message.attempts'), dataIndex: 'attempts', width: 90 },
    {
      title: t('email.message.sentAt'),
      dataIndex: 'sentAt',
      width: 150,
      render: (_, m) => format.dateTime(m.sentAt ?? m.failedAt),
    },
    {
      title: t('email.message.error'),
      dataIndex: 'error',
      width: 220,
      ellipsis: true,
      render: (_, m) => (m.error ? <Tooltip title={m.error}>{m.error}</Tooltip> : (m.note ?? '')),
    },
  ];
  const filters: ProColumns<TMessage>[] = [
    { title: t('email.message.status'), dataIndex: 'status', valueType: 'select', valueEnum: statusEnum },
  ];

  const resend = async () => {
    if (await runWithMessages('update', () => resendFailed(batch.id))) {
      onResent();
      actionRef.current?.reload();
    }
  };

  return (
    <RecordListPage<TMessage>
      listKey="email-batch-messages"
      actionRef={actionRef}
      columns={columns}
      filters={filters}
      request={(query) => batchMessages(batch.id, query)}
      searchPlaceholder={t('email.message.search')}
      headerTitle={
        counts.FAILED > 0 && (
          <Popconfirm title={t('email.batch.resendConfirm', { count: counts.FAILED })} onConfirm={resend}>
            <Button danger>{t('email.batch.resendFailed', { count: counts.FAILED })}</Button>
          </Popconfirm>
        )
      }
      emptyText={t('email.message.empty')}
    />
  );
}
