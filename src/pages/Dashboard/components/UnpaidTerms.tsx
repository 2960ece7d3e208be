import { Link, useIntl } from '@umijs/max';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import type { TUnpaidTermRegister } from '@/contracts/dashboard';
import type { ListResult } from '@/services/http';
import { useFormat } from '@/utils/useFormat';
import { unpaidTermRegisters } from '../service';

const PAGE_SIZE = 4;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Unpaid term registrations, newest first; the student opens on their dashboard (term register tab). */
export default function UnpaidTerms() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [reply, setReply] = useState<ListResult<TUnpaidTermRegister>>();
  useEffect(() => {
    unpaidTermRegisters({ current: page, pageSize: PAGE_SIZE })
      .then(setReply)
      .catch(() => setReply({ data: [], total: 0, success: true }));
  }, [page]);

  const columns: ColumnsType<TUnpaidTermRegister> = [
    {
      title: t('dashboard.unpaid.student'),
      key: 'student',
      ellipsis: true,
      render: (_, r) => <Link to={`/student/studentDashboard/${r.student.id}`}>{r.student.name}</Link>,
    },
    {
      title: t('dashboard.unpaid.course'),
      key: 'course',
      ellipsis: true,
      render: (_, r) => <span title={`${format.date(r.termStart)} – ${format.date(r.termEnd)}`}>{r.course}</span>,
    },
    {
      title: t('dashboard.unpaid.price'),
      key: 'price',
      align: 'right',
      width: 100,
      render: (_, r) => <span style={nowrap}>{format.money(r.price)}</span>,
    },
  ];
  return (
    <Card
      title={`${t('dashboard.unpaid.title')}${reply ? ` (${reply.total})` : ''}`}
      size="small"
      extra={<Link to="/termRegister">{t('dashboard.unpaid.all')}</Link>}
      style={{ height: '100%' }}
    >
      <Table<TUnpaidTermRegister>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={reply?.data}
        loading={!reply}
        locale={{ emptyText: t('dashboard.unpaid.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: reply?.total,
          size: 'small',
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
