import { BookOutlined, CalendarOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useIntl } from '@umijs/max';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import type { TDashboard } from '@/contracts/dashboard';

/** Four figures across the top, each a link to the list behind it. */
export default function Totals({ summary, calendarLink }: { summary?: TDashboard; calendarLink: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  // While loading, each tile keeps the shape it will have (a dash, the first tile's line kept hidden), not
  // a taller skeleton: nothing below moves when the figures come (Lighthouse's layout shift, issue 24).
  const tile = (title: string, value: number | undefined, to: string, icon: ReactNode, extra?: string) => (
    <Col xs={12} md={6}>
      <Link to={to}>
        <Card hoverable size="small" aria-busy={!summary}>
          <Statistic
            title={title}
            value={value ?? '–'}
            prefix={icon}
            suffix={
              extra ? (
                <span style={{ fontSize: 13, color: 'rgba(0,0,0,0.6)', visibility: summary ? undefined : 'hidden' }}>
                  {extra}
                </span>
              ) : undefined
            }
          />
        </Card>
      </Link>
    </Col>
  );
  const today = summary?.classesToday;
  return (
    <Row gutter={[16, 16]}>
      {tile(
        t('dashboard.totals.classesToday'),
        today?.total,
        calendarLink,
        <CalendarOutlined />,
        t('dashboard.totals.confirmedOf', { confirmed: today?.confirmed ?? 0, total: today?.total ?? 0 }),
      )}
      {tile(
        t('dashboard.totals.activeStudents'),
        summary?.totals.activeStudents,
        '/student/all-student',
        <TeamOutlined />,
      )}
      {tile(t('dashboard.totals.activeTeachers'), summary?.totals.activeTeachers, '/teacher', <SolutionOutlined />)}
      {tile(t('dashboard.totals.courses'), summary?.totals.courses, '/course', <BookOutlined />)}
    </Row>
  );
}
