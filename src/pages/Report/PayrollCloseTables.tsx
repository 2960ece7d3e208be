import { Link, useIntl } from '@umijs/max';
import { Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TPayrollAdjustment, TPayrollBlocker, TPayrollReview, TPayrollTeacherTotal } from '@/contracts/payroll';
import type { Formatter } from '@/utils/format';

const nowrap = { whiteSpace: 'nowrap' } as const;
const right = (text: string) => <span style={nowrap}>{text}</span>;
type T = (id: string, values?: Record<string, string | number>) => string;

/** Locale ids of the blocker kinds, written out so the locale test sees each. */
export const BLOCKER_IDS: Record<TPayrollBlocker['kind'], string> = {
  UNCONFIRMED_CLASS: 'payroll.blocker.UNCONFIRMED_CLASS',
  RATE_CHANGE: 'payroll.blocker.RATE_CHANGE',
  CHANGED_AFTER_CONFIRMATION: 'payroll.blocker.CHANGED_AFTER_CONFIRMATION',
};
const BLOCKER_COLOURS: Record<TPayrollBlocker['kind'], string> = {
  UNCONFIRMED_CLASS: 'gold',
  RATE_CHANGE: 'purple',
  CHANGED_AFTER_CONFIRMATION: 'volcano',
};

/** The table view shows one class (?id=), opened on its students' attendance. */
export const classLink = (scheduleId: number) => `/schedule/table-view?id=${scheduleId}`;

/** What a blocker says, in the reader's language. */
export function blockerDetail(b: TPayrollBlocker, t: T, format: Formatter): string {
  if (b.kind === 'UNCONFIRMED_CLASS') return t('payroll.detail.unconfirmed');
  if (b.kind === 'CHANGED_AFTER_CONFIRMATION') {
    return t('payroll.detail.changed', { count: b.revisions, date: format.dateTime(b.changedAt) });
  }
  const none = t('payroll.detail.noRate');
  const parts = b.rates.length ? [t('payroll.detail.rates', { rates: b.rates.map((r) => r ?? none).join(', ') })] : [];
  for (const c of b.rateChanges) {
    parts.push(t('payroll.detail.rateChange', { from: c.from ?? none, to: c.to ?? none, date: format.dayOf(c.at) }));
  }
  return parts.join('; ');
}

export function TeacherTotalsTable({ review, format }: { review: TPayrollReview; format: Formatter }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const columns: ColumnsType<TPayrollTeacherTotal> = [
    { title: t('payroll.column.teacher'), key: 'teacher', ellipsis: true, render: (_, r) => r.teacher.name },
    { title: t('payroll.column.classes'), dataIndex: 'classes', align: 'right', width: 90 },
    { title: t('payroll.column.hours'), dataIndex: 'hours', align: 'right', width: 90 },
    {
      title: t('payroll.column.amount'),
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, r) => right(format.money(r.amount)),
    },
    {
      title: t('payroll.column.adjustments'),
      key: 'adjustments',
      align: 'right',
      width: 140,
      render: (_, r) => right(format.money(r.adjustmentAmount)),
    },
    {
      title: t('payroll.column.payable'),
      key: 'payable',
      align: 'right',
      width: 150,
      render: (_, r) => right(format.money(r.payable)),
    },
  ];
  const totals = review.totals;
  return (
    <Table<TPayrollTeacherTotal>
      className="payroll-teachers"
      size="small"
      rowKey={(r) => r.teacher.id}
      columns={columns}
      dataSource={review.teachers}
      pagination={review.teachers.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      locale={{ emptyText: t('payroll.teachers.empty') }}
      summary={() =>
        review.teachers.length > 1 ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{t('payroll.totals')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {totals.classes}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {totals.hours}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {right(format.money(totals.amount))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {right(format.money(totals.adjustmentAmount))}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={5} align="right">
              <Typography.Text strong>{right(format.money(totals.payable))}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

export function BlockersTable({ blockers, format }: { blockers: TPayrollBlocker[]; format: Formatter }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const columns: ColumnsType<TPayrollBlocker> = [
    {
      title: t('payroll.column.issue'),
      key: 'kind',
      width: 200,
      render: (_, b) => <Tag color={BLOCKER_COLOURS[b.kind]}>{t(BLOCKER_IDS[b.kind])}</Tag>,
    },
    {
      title: t('payroll.column.teacher'),
      key: 'teacher',
      width: 170,
      ellipsis: true,
      render: (_, b) => b.teacher.name,
    },
    {
      title: t('payroll.column.class'),
      key: 'class',
      width: 250,
      // Time on the first line, the course wrapping below it: nothing is cut (issue 37).
      render: (_, b) =>
        b.scheduleId && b.startAt ? (
          <Link to={classLink(b.scheduleId)} className="payroll-class-link">
            <span style={nowrap}>{format.dateTime(b.startAt)}</span>
            <br />
            {b.course}
          </Link>
        ) : (
          <Link to="/teacher">{t('payroll.link.teacher')}</Link>
        ),
    },
    {
      title: t('payroll.column.detail'),
      key: 'detail',
      ellipsis: { showTitle: false },
      render: (_, b) => {
        const text = blockerDetail(b, t, format);
        return (
          <Tooltip title={text} placement="topLeft">
            <span>{text}</span>
          </Tooltip>
        );
      },
    },
  ];
  return (
    <Table<TPayrollBlocker>
      className="payroll-blockers"
      size="small"
      rowKey={(b) => `${b.kind}-${b.scheduleId ?? `t${b.teacher.id}`}`}
      columns={columns}
      dataSource={blockers}
      pagination={blockers.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('payroll.blockers.none') }}
    />
  );
}

export function AdjustmentsTable({ adjustments, format }: { adjustments: TPayrollAdjustment[]; format: Formatter }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const columns: ColumnsType<TPayrollAdjustment> = [
    {
      title: t('payroll.column.class'),
      key: 'class',
      width: 195,
      ellipsis: true,
      render: (_, a) => (
        <Link to={classLink(a.scheduleId)} className="payroll-class-link">
          <span style={nowrap}>{format.dateTime(a.classStartAt)}</span> · {a.course}
        </Link>
      ),
    },
    {
      title: t('payroll.column.teacher'),
      key: 'teacher',
      width: 130,
      ellipsis: true,
      render: (_, a) => a.teacher.name,
    },
    { title: t('payroll.column.fromMonth'), dataIndex: 'fromMonth', width: 125, render: (_, a) => right(a.fromMonth) },
    { title: t('payroll.column.hours'), dataIndex: 'hours', align: 'right', width: 70 },
    {
      title: t('payroll.column.amount'),
      key: 'amount',
      align: 'right',
      width: 115,
      render: (_, a) => right(format.money(a.amount)),
    },
    {
      title: t('payroll.column.by'),
      key: 'by',
      width: 150,
      ellipsis: true,
      render: (_, a) => (
        <>
          <div>{a.createdBy.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {format.dateTime(a.createdAt)}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('payroll.column.reason'),
      dataIndex: 'reason',
      ellipsis: { showTitle: false },
      render: (_, a) => (
        <Tooltip title={a.reason} placement="topLeft">
          <span>{a.reason}</span>
        </Tooltip>
      ),
    },
  ];
  return (
    <Table<TPayrollAdjustment>
      className="payroll-adjustments"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={adjustments}
      pagination={adjustments.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('payroll.adjustments.none') }}
    />
  );
}
