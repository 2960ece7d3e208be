import type { ProColumns } from '@ant-design/pro-components';
import { request, useIntl } from '@umijs/max';
import { Tag, Typography } from 'antd';
import AuditChanges from '@/components/HistoryTab/Changes';
import { ACTION_IDS, ENTITY_IDS } from '@/components/HistoryTab/fields';
import RecordListPage from '@/components/RecordListPage';
import type { TUser } from '@/contracts/account';
import type { TAuditEvent } from '@/contracts/audit';
import { listAudit } from '@/services/audit';
import type { ListResult } from '@/services/http';
import { useFormat } from '@/utils/useFormat';

const ACTION_COLOURS: Record<string, string> = { CREATE: 'green', DELETE: 'red', CANCEL: 'red', CLOSE: 'purple' };

/** Users whose login contains the typed text, as options of the "Changed by" filter. */
async function searchUsers(keyWords: string) {
  const reply = await request<ListResult<TUser>>('/api/users', {
    method: 'GET',
    params: { login: keyWords, pageSize: 20, sortField: 'login' },
  });
  return reply.data.map((user) => {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    return { value: user.id, label: name ? `${name} (${user.login})` : user.login };
  });
}

/** Records of one kind named like the typed text, as options of the "Record" filter. */
async function searchRecords(entityType: string, q: string) {
  const records = await request<{ id: number; label: string }[]>('/api/audit/records', {
    method: 'GET',
    params: { entityType, ...(q ? { q } : {}) },
    skipErrorHandler: true,
  }).catch(() => []);
  return records.map((record) => ({ value: record.id, label: record.label, title: record.label }));
}

/** /audit: every recorded change of the centre, newest first, filtered by kind, record, user, action and days. */
export default function AuditPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();

  const columns: ProColumns<TAuditEvent>[] = [
    {
      title: t('audit.column.at'),
      dataIndex: 'at',
      width: 140,
      render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{format.dateTime(e.at)}</span>,
    },
    {
      title: t('audit.column.actor'),
      dataIndex: 'actor',
      width: 140,
      ellipsis: true,
      render: (_, e) => e.actor?.name ?? t('audit.actor.unknown'),
    },
    {
      title: t('audit.column.entity'),
      dataIndex: 'entityType',
      width: 220,
      render: (_, e) => (
        <div className="audit-record">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(ENTITY_IDS[e.entityType])}
          </Typography.Text>
          <div>{e.label ?? t('audit.record.gone', { kind: t(ENTITY_IDS[e.entityType]), id: e.entityId })}</div>
        </div>
      ),
    },
    {
      title: t('audit.column.action'),
      dataIndex: 'action',
      width: 100,
      render: (_, e) => <Tag color={ACTION_COLOURS[e.action] ?? 'blue'}>{t(ACTION_IDS[e.action])}</Tag>,
    },
    {
      title: t('audit.column.changes'),
      key: 'changes',
      render: (_, e) => <AuditChanges event={e} />,
    },
  ];
  const filters: ProColumns<TAuditEvent>[] = [
    {
      title: t('audit.filter.entityType'),
      dataIndex: 'entityType',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(ENTITY_IDS).map(([kind, id]) => [kind, { text: t(id) }])),
    },
    {
      // The record by name (issue 19): the records of the chosen type whose name holds the typed words.
      title: t('names.audit.record'),
      dataIndex: 'entityId',
      valueType: 'select',
      dependencies: ['entityType'],
      fieldProps: {
        showSearch: true,
        filterOption: false,
        placeholder: t('names.audit.record.search'),
        popupMatchSelectWidth: false,
      },
      debounceTime: 300,
      request: async ({ keyWords, entityType }: { keyWords?: string; entityType?: string }) =>
        entityType ? searchRecords(entityType, keyWords ?? '') : [],
    },
    {
      title: t('audit.filter.actor'),
      dataIndex: 'actorId',
      valueType: 'select',
      fieldProps: { showSearch: true, filterOption: false, placeholder: t('audit.filter.actor.search') },
      debounceTime: 300,
      request: async ({ keyWords }: { keyWords?: string }) => searchUsers(keyWords ?? ''),
    },
    {
      title: t('audit.column.action'),
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(ACTION_IDS).map(([action, id]) => [action, { text: t(id) }])),
    },
    {
      title: t('audit.filter.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
  ];

  return (
    <RecordListPage<TAuditEvent>
      listKey="audit"
      title={t('audit.list.title')}
      columns={columns}
      filters={filters}
      request={(query) => listAudit(query)}
      emptyText={t('audit.list.empty')}
    />
  );
}
