import { LockOutlined } from '@ant-design/icons';
import { useAccess, useIntl } from '@umijs/max';
import {
  Badge,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Space,
  Spin,
  Statistic,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TPayrollAdjustment, TPayrollPeriod, TPayrollReview } from '@/contracts/payroll';
import { payrollAdjustments, payrollPeriods, payrollReview } from '@/services/payroll';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import PayrollCloseDialog from './PayrollCloseDialog';
import { AdjustmentsTable, BlockersTable, TeacherTotalsTable } from './PayrollCloseTables';

/** 'YYYY-MM' of now in the centre's zone, and of the month before it. */
function monthsIn(timeZone: string, now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  const previous = month === 1 ? `${year - 1}-12` : `${year}-${pad(month - 1)}`;
  return { current: `${year}-${pad(month)}`, previous };
}

interface Loaded {
  review: TPayrollReview;
  adjustments: TPayrollAdjustment[];
}

/**
 * The payroll close tab of /report: pick a month, see what each teacher is paid for it and what
 * blocks a clean close (each with a link to fix it); an admin closes it (acknowledging blockers).
 * A closed month shows who closed it, its totals, and the adjustments posted into the month.
 * It opens on the current month per teacher (issue 37, finding 13); the blockers are a count to click,
 * and a past month still open is one click away.
 */
export default function PayrollClose() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const access = useAccess();
  const canClose = access['payroll:close'];
  const zone = useCentreZone();
  const months = useMemo(() => monthsIn(zone), [zone]);
  const [month, setMonth] = useState(months.current);
  const [tab, setTab] = useState('teachers');
  const [loaded, setLoaded] = useState<Loaded>();
  const [loading, setLoading] = useState(false);
  const [periods, setPeriods] = useState<TPayrollPeriod[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads is the "ask again" signal after a close.
  useEffect(() => {
    let current = true;
    setLoading(true);
    Promise.all([payrollReview(month), payrollAdjustments(month)])
      .then(([review, adjustments]) => current && setLoaded({ review, adjustments: adjustments.data }))
      .catch(() => current && setLoaded(undefined))
      .finally(() => current && setLoading(false));
    payrollPeriods().then(
      (reply) => current && setPeriods(reply.data),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [month, reloads]);

  const review = loaded?.review;
  const adjustments = loaded?.adjustments ?? [];
  // A closed month has no blockers tab.
  const activeTab = review?.status === 'CLOSED' && tab === 'blockers' ? 'teachers' : tab;
  // The month before this one, when it is not closed yet (early in a month its last classes may still
  // await confirmation): offered as a link beside the current month, never opened by itself.
  const previousOpen =
    month === months.current && periods.length > 0 && !periods.some((p) => p.month === months.previous);
  const closeButton = canClose && review?.status === 'OPEN' && (
    <Tooltip title={review.closable ? undefined : t('payroll.notOver', { end: review.endDate })}>
      <Button
        type="primary"
        icon={<LockOutlined />}
        disabled={!review.closable}
        onClick={() => setDialogOpen(true)}
        className="payroll-close-button"
      >
        {t('payroll.closeMonth', { month: review.month })}
      </Button>
    </Tooltip>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="payroll-close">
      <Card size="small">
        <Space wrap size="middle" style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap size="middle">
            <span>{t('payroll.month')}</span>
            <DatePicker
              picker="month"
              allowClear={false}
              className="payroll-month"
              value={dayjs(`${month}-01`)}
              disabledDate={(d) => d.format('YYYY-MM') > months.current}
              onChange={(d) => d && setMonth(d.format('YYYY-MM'))}
            />
            {review && (
              <Tag color={review.status === 'CLOSED' ? 'green' : 'blue'} className="payroll-status">
                {t(review.status === 'CLOSED' ? 'payroll.status.CLOSED' : 'payroll.status.OPEN')}
              </Tag>
            )}
            {previousOpen && (
              <Typography.Link className="payroll-previous-open" onClick={() => setMonth(months.previous)}>
                {t('payroll.previousOpen', { month: months.previous })}
              </Typography.Link>
            )}
            {periods.length > 0 && (
              <Typography.Text type="secondary" className="payroll-periods">
                {t('payroll.closedMonths')}{' '}
                {periods.slice(0, 6).map((p) => (
                  <Tag key={p.id} style={{ cursor: 'pointer' }} onClick={() => setMonth(p.month)}>
                    {p.month}
                  </Tag>
                ))}
              </Typography.Text>
            )}
          </Space>
          {closeButton}
        </Space>
      </Card>

      {loading && !review ? (
        <Spin />
      ) : (
        review && (
          <Spin spinning={loading}>
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {review.period && (
                <Card size="small" title={t('payroll.closedTitle')} className="payroll-closed">
                  <Descriptions size="small" column={{ xs: 1, md: 3 }}>
                    <Descriptions.Item label={t('payroll.closedBy')}>{review.period.closedBy.name}</Descriptions.Item>
                    <Descriptions.Item label={t('payroll.closedAt')}>
                      {format.dateTime(review.period.closedAt)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('payroll.period')}>
                      {`${format.date(review.period.startDate)} – ${format.date(review.period.endDate)}`}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('payroll.column.classes')}>{review.period.classes}</Descriptions.Item>
                    <Descriptions.Item label={t('payroll.column.hours')}>{review.period.totalHours}</Descriptions.Item>
                    <Descriptions.Item label={t('payroll.column.amount')}>
                      {format.money(review.period.totalAmount)}
                    </Descriptions.Item>
                    {review.period.comments && (
                      <Descriptions.Item label={t('payroll.comments')} span={3}>
                        {review.period.comments}
                      </Descriptions.Item>
                    )}
                  </Descriptions>
                </Card>
              )}
              <Card size="small">
                <Space size={48} wrap className="payroll-figures">
                  <Statistic title={t('payroll.column.classes')} value={review.totals.classes} />
                  <Statistic title={t('payroll.column.hours')} value={review.totals.hours} />
                  <Statistic title={t('payroll.column.amount')} value={format.money(review.totals.amount)} />
                  <Statistic
                    title={t('payroll.column.adjustments')}
                    value={format.money(review.totals.adjustmentAmount)}
                  />
                  <Statistic title={t('payroll.column.payable')} value={format.money(review.totals.payable)} />
                  {review.status === 'OPEN' && (
                    <Statistic
                      title={t('payroll.tab.blockers')}
                      valueRender={() => (
                        <Button
                          type="link"
                          className="payroll-blockers-link"
                          style={{ padding: 0, height: 'auto', fontSize: 'inherit' }}
                          onClick={() => setTab('blockers')}
                        >
                          {t('payroll.blockers.count', { count: review.blockerCount })}
                        </Button>
                      )}
                    />
                  )}
                </Space>
                <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                  {t(review.status === 'CLOSED' ? 'payroll.rule.closed' : 'payroll.rule.open', {
                    zone: review.timeZone,
                  })}
                </Typography.Paragraph>
              </Card>
              <Card size="small" styles={{ body: { paddingTop: 0 } }}>
                <Tabs
                  activeKey={activeTab}
                  onChange={setTab}
                  items={[
                    {
                      key: 'teachers',
                      label: t('payroll.tab.teachers'),
                      children: <TeacherTotalsTable review={review} format={format} />,
                    },
                    ...(review.status === 'OPEN'
                      ? [
                          {
                            key: 'blockers',
                            label: (
                              <Space size={6} className="payroll-blockers-tab">
                                {t('payroll.tab.blockers')}
                                <Badge
                                  count={review.blockerCount}
                                  showZero
                                  overflowCount={999}
                                  color={review.blockerCount ? '#faad14' : '#52c41a'}
                                  className="payroll-blocker-count"
                                />
                              </Space>
                            ),
                            children: (
                              <>
                                {review.blockerCount > review.blockers.length && (
                                  <Typography.Paragraph type="secondary">
                                    {t('payroll.blockers.more', {
                                      shown: review.blockers.length,
                                      count: review.blockerCount,
                                    })}
                                  </Typography.Paragraph>
                                )}
                                <BlockersTable blockers={review.blockers} format={format} />
                              </>
                            ),
                          },
                        ]
                      : []),
                    {
                      key: 'adjustments',
                      label: (
                        <Space size={6}>
                          {t('payroll.tab.adjustments')}
                          <Badge count={adjustments.length} showZero color="#595959" />
                        </Space>
                      ),
                      children: <AdjustmentsTable adjustments={adjustments} format={format} />,
                    },
                  ]}
                />
              </Card>
            </Space>
          </Spin>
        )
      )}
      {review && (
        <PayrollCloseDialog
          review={review}
          open={dialogOpen}
          format={format}
          onClose={() => setDialogOpen(false)}
          onClosed={() => {
            setDialogOpen(false);
            reload();
          }}
        />
      )}
    </Space>
  );
}
