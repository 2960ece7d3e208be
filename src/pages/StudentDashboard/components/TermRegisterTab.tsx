import { useIntl } from '@umijs/max';
import { Alert, DatePicker, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import TermName from '@/components/TermName';
import { listStudentTermRegisters, type StudentTermRegister } from '@/services/students';
import { errorText, isErrorReply, type RequestFailure, toRequestFailure } from '@/utils/requestError';
import { useFormat } from '@/utils/useFormat';

/** The student's term registers, optionally within a from/to range of registration dates. */
export default function TermRegisterTab({ studentId }: { studentId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [rows, setRows] = useState<StudentTermRegister[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<RequestFailure>();

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
        setFailure(undefined);
      })
      .catch((error: unknown) => live && setFailure(toRequestFailure(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [studentId, range, page]);

  const failureText = () => {
    if (isErrorReply(failure?.body)) return errorText(failure.body, t);
    return t(failure?.noResponse ? 'request.error.network' : 'request.error.retry');
  };
  const column = (id: string) => t(`pages.studentDashboard.terms.${id}`);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Typography.Text>{t('pages.studentDashboard.registeredBetween')}</Typography.Text>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          onChange={(value) => {
            setRange(value);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
      </Space>
      {failure && (
        <Alert type="error" showIcon message={t('pages.studentDashboard.terms.failed')} description={failureText()} />
      )}
      <Table<StudentTermRegister>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('pages.studentDashboard.terms.empty') }}
        pagination={{ ...page, total, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { title: column('course'), dataIndex: ['course', 'name'] },
          {
            title: column('term'),
            render: (_, r) => <TermName term={r.term} />,
          },
          { title: column('teacher'), render: (_, r) => r.teacher?.name ?? t('common.none') },
          {
            title: column('paymentType'),
            render: (_, r) =>
              intl.formatMessage({ id: `lists.paymentType.${r.paymentType}`, defaultMessage: r.paymentType }),
          },
          { title: column('price'), align: 'right', render: (_, r) => format.money(r.price) },
          {
            title: column('paid'),
            render: (_, r) => (r.paid ? <Tag color="green">{t('common.paid')}</Tag> : <Tag>{t('common.unpaid')}</Tag>),
          },
          { title: column('registered'), render: (_, r) => format.dayOf(r.createdAt) },
          { title: t('common.comments'), dataIndex: 'comments', ellipsis: true },
        ]}
      />
    </Space>
  );
}
