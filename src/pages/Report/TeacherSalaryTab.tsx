import type { ProColumns } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import RecordListPage from '@/components/RecordListPage';
import type { TSalaryLine, TSalarySource } from '@/contracts/reports';
import { teacherOptions } from '@/services/courses';
import type { Query } from '@/services/http';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import { useLocationFilter } from './locationFilter';
import { thisMonthIn, withRange } from './month';
import { TEACHER_SALARY_DOWNLOAD, type TeacherSalary, teacherSalary } from './service';

const nowrap = { whiteSpace: 'nowrap' } as const;
/** Locale ids of the sources, written out so the locale test sees each. */
const SOURCE_IDS: Record<TSalarySource, string> = {
  CLASS: 'reports.salary.source.CLASS',
  CLOSED: 'reports.salary.source.CLOSED',
  ADJUSTMENT: 'reports.salary.source.ADJUSTMENT',
};
const SOURCE_COLOURS: Record<TSalarySource, string> = { CLASS: 'blue', CLOSED: 'purple', ADJUSTMENT: 'orange' };

type Totals = Pick<TeacherSalary, 'totals' | 'teachers'>;

/** One line per paid class (or closed-period line, or adjustment) of a range, with totals per teacher and overall. */
export default function TeacherSalaryTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const month = thisMonthIn(useCentreZone());
  const [totals, setTotals] = useState<Totals>();
  const locationFilter = useLocationFilter<TSalaryLine>();

  const request = async (query: Query) => {
    const reply = await teacherSalary(withRange(query, month));
    setTotals({ totals: reply.totals, teachers: reply.teachers });
    return reply;
  };
  const timeOf = (instant: string) => format.dateTime(instant).slice(11);
  const right = (text: string) => <span style={nowrap}>{text}</span>;
  const columns: ProColumns<TSalaryLine>[] = [
    {
      title: t('reports.salary.teacher'),
      dataIndex: 'teacher',
      width: 130,
      ellipsis: true,
      render: (_, l) => l.teacher.name,
    },
    {
      title: t('reports.salary.date'),
      dataIndex: 'date',
      width: 100,
      render: (_, l) => <span style={nowrap}>{format.date(l.date)}</span>,
    },
    {
      title: t('reports.salary.time'),
      key: 'time',
      width: 105,
      render: (_, l) => <span style={nowrap}>{`${timeOf(l.startAt)}–${timeOf(l.endAt)}`}</span>,
    },
    {
      title: t('reports.salary.course'),
      dataIndex: 'course',
      width: 140,
      ellipsis: true,
      render: (_, l) => <Link to={`/schedule/table-view?id=${l.scheduleId}`}>{l.course.name}</Link>,
    },
    { title: t('reports.salary.students'), dataIndex: 'students', align: 'right', width: 80 },
    { title: t('reports.salary.hours'), dataIndex: 'hours', align: 'right', width: 65 },
    {
      title: t('reports.salary.rate'),
      dataIndex: 'rate',
      align: 'right',
      width: 100,
      render: (_, l) => right(l.rate === null ? '—' : format.money(l.rate)),
    },
    {
      title: t('reports.salary.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 105,
      render: (_, l) => right(format.money(l.amount)),
    },
    {
      title: t('reports.salary.source'),
      dataIndex: 'source',
      width: 140,
      render: (_, l) => (
        <span className="salary-source">
          <Tag color={SOURCE_COLOURS[l.source]}>{t(SOURCE_IDS[l.source])}</Tag>
          {l.source === 'ADJUSTMENT' && (
            <>
              <Typography.Text
                type="secondary"
                style={{ display: 'block', fontSize: 12 }}
                ellipsis={{ tooltip: l.reason }}
              >
                {l.reason}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('reports.salary.classOf', { date: format.date(l.classDate) })}
              </Typography.Text>
            </>
          )}
        </span>
      ),
    },
  ];
  const filters: ProColumns<TSalaryLine>[] = [
    {
      title: t('reports.filter.dates'),
      dataIndex: 'dates',
      valueType: 'dateRange',
      initialValue: month,
      fieldProps: { allowClear: false },
      search: { transform: (value: [string, string]) => ({ from: value[0], to: value[1] }) },
    },
    {
      title: t('reports.filter.teacher'),
      dataIndex: 'teacherId',
      valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label', placeholder: t('reports.filter.allTeachers') },
      request: async () => (await teacherOptions()).map((c) => ({ value: c.id, label: c.name })),
    },
    ...locationFilter,
  ];
  const figure = (id: string, text: string) => (
    <span style={nowrap}>
      {t(id)}: <Typography.Text strong>{text}</Typography.Text>
    </span>
  );

  return (
    <>
      <RecordListPage<TSalaryLine>
        listKey="report-salary"
        columns={columns}
        filters={filters}
        request={request}
        exportFile={{ url: TEACHER_SALARY_DOWNLOAD, fileName: 'teacher-salary.xlsx' }}
        headerTitle={
          totals && (
            <Space size="middle" wrap className="report-totals" style={{ fontSize: 14, fontWeight: 400 }}>
              <Typography.Text type="secondary">{t('reports.totals')}</Typography.Text>
              {figure('reports.salary.lines', String(totals.totals.lines))}
              {figure('reports.salary.hours', totals.totals.hours)}
              {figure('reports.salary.amount', format.money(totals.totals.amount))}
            </Space>
          )
        }
        emptyText={t('reports.salary.empty')}
        filteredEmptyText={t('reports.salary.empty')}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 16px' }}>
        {t('reports.salary.rule')}
      </Typography.Paragraph>
      {totals && totals.teachers.length > 1 && (
        <Card title={t('reports.salary.perTeacher')} size="small" className="salary-per-teacher">
          <Table
            size="small"
            rowKey={(row) => row.teacher.id}
            dataSource={totals.teachers}
            pagination={false}
            scroll={totals.teachers.length > 8 ? { y: 320 } : undefined}
            columns={[
              { title: t('reports.salary.teacher'), key: 'teacher', render: (_, row) => row.teacher.name },
              { title: t('reports.salary.lines'), dataIndex: 'lines', align: 'right', width: 100 },
              { title: t('reports.salary.hours'), dataIndex: 'hours', align: 'right', width: 120 },
              {
                title: t('reports.salary.amount'),
                key: 'amount',
                align: 'right',
                width: 160,
                render: (_, row) => right(format.money(row.amount)),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
