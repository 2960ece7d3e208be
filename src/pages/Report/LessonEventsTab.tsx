import { useIntl } from '@umijs/max';
import { Card, Flex, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { TEventCounts } from '@/contracts/cover';
import { lessonReport } from '@/services/cover';
import { useFormat } from '@/utils/useFormat';
import { LocationSelect } from './locationFilter';
import { RangeField, useRangeReport } from './rangeReport';

type Row = TEventCounts & { key: string; name: string };

/**
 * Lesson events (issue 22): cancellations (family, of which late; centre; teacher) and no-shows per
 * month, student and teacher over a range of the centre's days, and the make-up credits the centre owes.
 */
export default function LessonEventsTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const [locationId, setLocationId] = useState<number>();
  const { range, setRange, report, loading } = useRangeReport(
    (from, to) => lessonReport({ from, to, locationId }),
    [locationId],
  );

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
        <RangeField label={t('cover.report.range')} value={range} onChange={setRange} />
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
