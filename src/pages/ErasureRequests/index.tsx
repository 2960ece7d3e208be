import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Modal, Tag } from 'antd';
import { useRef } from 'react';
import RecordListPage, { type RowAction } from '@/components/RecordListPage';
import type { TErasureRequest } from '@/contracts/privacy';
import { completeErasure, listErasureRequests } from '@/services/privacy';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';

// Its keys are the statuses (no runtime import of the contract: a page chunk without zod).
const STATUS_COLOURS = { REQUESTED: 'orange', COMPLETED: 'green', CANCELLED: 'default' } as const;
const STATUSES = Object.keys(STATUS_COLOURS) as TErasureRequest['status'][];

/** /student/erasure-requests: the families' requests to erase their data; an admin completes one. */
export default function ErasureRequestsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const fmt = useFormat();
  const actionRef = useRef<ActionType>();
  const columns: ProColumns<TErasureRequest>[] = [
    { title: t('erasure.column.household'), dataIndex: 'household', width: 130, ellipsis: true },
    {
      title: t('erasure.column.students'),
      dataIndex: 'students',
      width: 180,
      ellipsis: true,
      render: (_, r) => r.students.join(', ') || '—',
    },
    {
      title: t('erasure.column.requestedAt'),
      dataIndex: 'requestedAt',
      sorter: true,
      defaultSortOrder: 'descend',
      width: 150,
      render: (_, r) => fmt.dateTime(r.requestedAt),
    },
    { title: t('erasure.column.requestedBy'), dataIndex: 'requestedBy', width: 130, ellipsis: true },
    {
      title: t('erasure.column.status'),
      dataIndex: 'status',
      width: 100,
      render: (_, r) => <Tag color={STATUS_COLOURS[r.status]}>{t(`erasure.status.${r.status}`)}</Tag>,
    },
    { title: t('erasure.column.reason'), dataIndex: 'reason', width: 140, ellipsis: true },
    {
      title: t('erasure.column.completedAt'),
      dataIndex: 'completedAt',
      width: 150,
      render: (_, r) => (r.completedAt ? fmt.dateTime(r.completedAt) : '—'),
    },
  ];
  const filters: ProColumns<TErasureRequest>[] = [
    {
      title: t('erasure.column.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(STATUSES.map((s) => [s, { text: t(`erasure.status.${s}`) }])),
    },
  ];
  const complete = (r: TErasureRequest) =>
    Modal.confirm({
      title: t('erasure.complete'),
      content: t('erasure.complete.confirm', { household: r.household }),
      okText: t('erasure.complete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: 520,
      onOk: async () => {
        if (await runWithMessages('update', () => completeErasure(r.id))) actionRef.current?.reload();
      },
    });
  const rowActions = (r: TErasureRequest): RowAction[] => [
    {
      key: 'complete',
      label: t('erasure.complete'),
      danger: true,
      onClick: () => complete(r),
      disabledReason: r.status === 'REQUESTED' ? undefined : t('erasure.complete.notWaiting'),
    },
  ];
  return (
    <RecordListPage<TErasureRequest>
      listKey="erasure-requests"
      title={t('erasure.title')}
      columns={columns}
      filters={filters}
      request={listErasureRequests}
      rowActions={rowActions}
      actionRef={actionRef}
      hiddenColumns={['completedAt']}
      emptyText={t('erasure.empty')}
    />
  );
}
