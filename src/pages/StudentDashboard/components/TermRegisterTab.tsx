import { Alert, DatePicker, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { listStudentTermRegisters, type StudentTermRegister } from '@/services/students';
import { toRequestFailure } from '@/utils/requestError';

/** The student's term registers, optionally within a from/to range of registration dates. */
export default function TermRegisterTab({ studentId }: { studentId: number }) {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [rows, setRows] = useState<StudentTermRegister[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    const [from, to] = range ?? [];
    setLoading(true);
    listStudentTermRegisters({
      studentId,
      ...page,
      ...(from ? { from: from.format('YYYY-MM-DD') } : {}),
      ...(to ? { to: to.format('YYYY-MM-DD') } : {}),
    })
      .then((reply) => {
        if (!live) return;
        setRows(reply.data);
        setTotal(reply.total);
        setError(undefined);
      })
      .catch((failure: unknown) => {
        if (!live) return;
        const { body, status } = toRequestFailure(failure);
        const reply = body as { errorMessage?: string } | undefined;
        setError(reply?.errorMessage ?? `Request error (${status ?? 'no response'}), please retry.`);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [studentId, range, page]);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Text>Registered between</Typography.Text>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          onChange={(value) => {
            setRange(value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
      </Space>
      {error && <Alert type="error" showIcon message="Term registers could not be loaded" description={error} />}
      <Table<StudentTermRegister>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: 'No term registers in this range' }}
        pagination={{ ...page, total, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { title: 'Course', dataIndex: ['course', 'name'] },
          { title: 'Term', render: (_, r) => `${r.term.startDate} – ${r.term.endDate}` },
          { title: 'Teacher', render: (_, r) => r.teacher?.name ?? '—' },
          { title: 'Payment type', dataIndex: 'paymentType' },
          { title: 'Price', dataIndex: 'price', align: 'right' },
          { title: 'Paid', render: (_, r) => (r.paid ? <Tag color="green">Paid</Tag> : <Tag>Unpaid</Tag>) },
          { title: 'Registered', render: (_, r) => r.createdAt.slice(0, 10) },
          { title: 'Comments', dataIndex: 'comments', ellipsis: true },
        ]}
      />
    </Space>
  );
}
