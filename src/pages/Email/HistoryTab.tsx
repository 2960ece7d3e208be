import type { ProColumns } from '@ant-design/pro-components';
import { useIntl, useSearchParams } from '@umijs/max';
import { Drawer, Tag } from 'antd';
import { useState } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import type { TEmailBatch } from '@/contracts/email';
import { useFormat } from '@/utils/useFormat';
import BatchProgress from './BatchProgress';
import { listBatches } from './service';

/** History: every bulk email sent, newest first; opening one (or ?batch=<id>) shows its progress and recipients. */
export default function HistoryTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  // ?batch=<id> (a notice's link) opens that bulk email at once.
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('batch'));
  const [opened, setOpened] = useState<number | undefined>(Number.isInteger(asked) && asked > 0 ? asked : undefined);
  const close = () => {
    setOpened(undefined);
    if (search.has('batch')) setSearch({ tab: 'history' }, { replace: true });
  };

  const columns: ProColumns<TEmailBatch>[] = [
    {
      title: t('email.batch.sentAt'),
      dataIndex: 'createdAt',
      sorter: true,
      width: 140,
      render: (_, b) => format.dateTime(b.createdAt),
    },
    { title: t('email.field.subject'), dataIndex: 'subject', sorter: true, width: 220, ellipsis: true },
    { title: t('email.batch.sender'), dataIndex: ['createdBy', 'name'], width: 140, ellipsis: true },
    { title: t('email.batch.recipients'), dataIndex: 'recipientCount', sorter: true, width: 100 },
    { title: t('email.status.SENT'), key: 'sent', width: 80, render: (_, b) => b.counts.SENT },
    {
      title: t('email.status.FAILED'),
      key: 'failed',
      width: 80,
      render: (_, b) => (b.counts.FAILED ? <Tag color="error">{b.counts.FAILED}</Tag> : 0),
    },
    {
      title: t('email.batch.state'),
      key: 'state',
      width: 110,
      render: (_, b) =>
        b.finishedAt ? (
          <Tag color="success">{t('email.batch.finished')}</Tag>
        ) : (
          <Tag color="processing">{t('email.batch.sending')}</Tag>
        ),
    },
  ];
  const rowActions = (batch: TEmailBatch): RowAction[] => [
    { key: 'open', label: t('email.batch.open'), onClick: () => setOpened(batch.id) },
  ];

  return (
    <>
      <RecordListPage<TEmailBatch>
        listKey="email-batches"
        columns={columns}
        request={listBatches}
        searchPlaceholder={t('email.batch.search')}
        rowActions={rowActions}
        emptyText={t('email.batch.empty')}
      />
      <Drawer
        open={!!opened}
        onClose={close}
        width={Math.min(1100, window.innerWidth - 40)}
        title={t('email.batch.title')}
        destroyOnHidden
      >
        {opened && <BatchProgress batchId={opened} />}
      </Drawer>
    </>
  );
}
