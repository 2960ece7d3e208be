import { useIntl } from '@umijs/max';
import { Card, DatePicker, Flex, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { TEventCounts, TLessonReport } from '@/contracts/cover';
import { lessonReport } from '@/services/cover';
import { useCentreZone } from '@/utils/useCentreZone';
import { useFormat } from '@/utils/useFormat';
import { LocationSelect } from './locationFilter';
import { thisMonthIn } from './month';

type Row = TEventCounts & { key: string; name: string };

/**
 * Lesson events (issue 22): cancellations (family, of which late; centre; teacher) and no-shows per
 * month, student and teacher over a range of the centre's days, and the make-up credits the centre owes.
 */
export default function LessonEventsTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const [range, setRange] = useState<[string, string]>(thisMonthIn(useCentreZone()));
  const [report, setReport] = useState<TLessonReport>();
  const [loading, setLoading] = useState(false);
  const [locationId, setLocationId] = useState<number>();

  useEffect(() => {
    let current = true;
    setLoading(true);
    lessonReport({ from: range[0], to: range[1], locationId })
      .then((reply) => current && setReport(reply))
      .catch(() => current && setReport(undefined))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, locationId]);

  const counts: ColumnsType<Row> = [
    { title: t('cover.report.byFamily'), dataIndex: 'byFamily', width: 110, align: 'right' },
    { title: t('cover.report.late'), dataIndex: 'late', width: 90, align: 'right' },
    { title: t('cover.report.byCentre'), dataIndex: 'byCentre', width: 100, align: 'right' },
    { title: t('cover.report.byTeacher'), dataIndex: 'byTeacher', width: 100, align: 'right' },
    { title: t('cover.report.noShows'), dataIndex: 'noShows', width: 100, align: 'right' },
  ];
  const table = (title: string, first: string, rows: Row[], testId: string) => (
    <Card size="small" title={title}>
      <Table<Row>
        rowKey="key"
        size="small"
        loading={loading}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        columns={[{ title: first, dataIndex: 'name', ellipsis: true }, ...counts]}
        dataSource={rows}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('cover.report.none') }}
        data-testid={testId}
      />
    </Card>
  );

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="center">
        <DatePicker.RangePicker
          allowClear={false}
          aria-label={t('cover.report.range')}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(days) => {
            if (days?.[0] && days[1]) setRange([days[0].format('YYYY-MM-DD'), days[1].format('YYYY-MM-DD')]);
          }}
        />
        <LocationSelect value={locationId} onChange={setLocationId} />
        <Typography.Text type="secondary">{t('cover.report.hint')}</Typography.Text>
      </Flex>
      <Card size="small" title={t('cover.report.credits')} data-testid="credits-outstanding">
        <Flex gap={48} wrap>
          <Statistic title={t('cover.report.creditCount')} value={report?.creditsOutstanding.count ?? '…'} />
          <Statistic
            title={t('cover.report.creditValue')}
            value={report ? format.money(report.creditsOutstanding.value) : '…'}
          />
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('cover.report.creditHint')}
        </Typography.Paragraph>
      </Card>
      {table(
        t('cover.report.months'),
        t('cover.report.month'),
        (report?.months ?? []).map((m) => ({ ...m, key: m.month, name: m.month })),
        'lesson-events-months',
      )}
      {table(
        t('cover.report.students'),
        t('cover.report.student'),
        (report?.students ?? []).map((s) => ({ ...s, key: String(s.student.id), name: s.student.name })),
        'lesson-events-students',
      )}
      {table(
        t('cover.report.teachers'),
        t('cover.report.teacher'),
        (report?.teachers ?? []).map((s) => ({ ...s, key: String(s.teacher.id), name: s.teacher.name })),
        'lesson-events-teachers',
      )}
    </Flex>
  );
}
