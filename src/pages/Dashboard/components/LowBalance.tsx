import { EditOutlined } from '@ant-design/icons';
import { Link, useAccess, useIntl } from '@umijs/max';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import type { TLowBalanceStudent } from '@/contracts/dashboard';
import type { Query } from '@/services/http';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { lowBalanceStudents, setLowBalanceThreshold } from '../service';
import PagedCard from './PagedCard';

const PAGE_SIZE = 5;

/**
 * Active students below the centre's threshold, lowest (owing) first, each linking to the student's
 * dashboard; admins change the threshold in place.
 */
export default function LowBalance({
  threshold,
  onThreshold,
  locationId,
  onLoaded,
}: {
  threshold?: string;
  onThreshold: () => void;
  locationId?: number;
  onLoaded?: () => void;
}) {
  const load = useCallback(
    (q: Query) => lowBalanceStudents({ ...q, ...(locationId ? { locationId } : {}) }),
    [locationId],
  );
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const access = useAccess();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ lowBalanceThreshold: string }>();

  const save = async ({ lowBalanceThreshold }: { lowBalanceThreshold: string }) => {
    const saved = await runWithMessages('update', () => setLowBalanceThreshold({ lowBalanceThreshold }), {
      instance: form,
      fields: ['lowBalanceThreshold'],
    });
    if (!saved) return;
    setEditing(false);
    onThreshold();
  };

  const columns: ColumnsType<TLowBalanceStudent> = [
    {
      title: t('dashboard.low.student'),
      key: 'student',
      ellipsis: true,
      render: (_, s) => <Link to={`/student/studentDashboard/${s.id}`}>{s.name}</Link>,
    },
    {
      title: t('dashboard.low.balance'),
      key: 'balance',
      align: 'right',
      width: 150,
      render: (_, s) =>
        s.balance.startsWith('-') ? (
          <Typography.Text type="danger" style={{ whiteSpace: 'nowrap' }}>
            {`${t('dashboard.low.owing')} ${format.money(s.balance.slice(1))}`}
          </Typography.Text>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{format.money(s.balance)}</span>
        ),
    },
  ];

  const thresholdView = editing ? (
    <Form form={form} layout="inline" onFinish={save} initialValues={{ lowBalanceThreshold: threshold }}>
      <Form.Item name="lowBalanceThreshold" style={{ marginInlineEnd: 4 }}>
        <Input size="small" style={{ width: 96 }} aria-label={t('dashboard.low.threshold')} autoFocus />
      </Form.Item>
      <Space size={4}>
        <Button size="small" type="primary" htmlType="submit">
          {intl.formatMessage({ id: 'common.save' })}
        </Button>
        <Button size="small" onClick={() => setEditing(false)}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </Button>
      </Space>
    </Form>
  ) : (
    <Space size={4}>
      <Typography.Text type="secondary" data-testid="low-balance-threshold">
        {threshold ? t('dashboard.low.below', { amount: format.money(threshold) }) : ''}
      </Typography.Text>
      {access['settings:manage'] ? (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('dashboard.low.edit')}
          title={t('dashboard.low.edit')}
          onClick={() => {
            form.setFieldsValue({ lowBalanceThreshold: threshold });
            setEditing(true);
          }}
        />
      ) : null}
    </Space>
  );

  return (
    <PagedCard<TLowBalanceStudent>
      title={t('dashboard.low.title')}
      extra={thresholdView}
      columns={columns}
      load={load}
      pageSize={PAGE_SIZE}
      emptyText={t('dashboard.low.empty')}
      reloadKey={`${threshold}:${locationId ?? ''}`}
      testId="dashboard-low-balance"
      onLoaded={onLoaded}
    />
  );
}
