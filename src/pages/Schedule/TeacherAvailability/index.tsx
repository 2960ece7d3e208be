import { useIntl, useSearchParams } from '@umijs/max';
import { Button, Col, Empty, Result, Row, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TNamed } from '@/contracts/courses';
import type { TAvailability } from '@/contracts/schedules';
import { teacherOptions } from '@/services/courses';
import {
  getAvailability,
  newCalendarFeed,
  revokeCalendarFeed,
  saveAvailability,
  saveCalendarEmbed,
} from '@/services/schedules';
import { useCentreZone } from '@/utils/useCentreZone';
import AvailabilityForm from './components/AvailabilityForm';
import CalendarEmbed from './components/CalendarEmbed';
import CalendarFeed from './components/CalendarFeed';

type Load = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; availability: TAvailability };

/**
 * /schedule/google-calendar (Teacher Availability): a teacher's weekly windows and time off, their
 * secret calendar feed, and their public Google Calendar. The teacher is kept in the address (?teacher=).
 */
export default function TeacherAvailabilityPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const zone = useCentreZone();
  const [search, setSearch] = useSearchParams();
  const [teachers, setTeachers] = useState<TNamed[]>();
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const teacherId = Number(search.get('teacher')) || undefined;

  useEffect(() => {
    teacherOptions().then(setTeachers);
  }, []);
  // Without a teacher in the address, the first one is shown.
  useEffect(() => {
    if (!teacherId && teachers?.length) setSearch({ teacher: String(teachers[0].id) }, { replace: true });
  }, [teacherId, teachers, setSearch]);

  const fetch = () => {
    if (!teacherId) return;
    let live = true;
    setLoad({ state: 'loading' });
    getAvailability(teacherId)
      .then((availability) => live && setLoad({ state: 'loaded', availability }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  };
  useEffect(fetch, [teacherId]);

  const loaded = load.state === 'loaded' ? load.availability : undefined;
  const update = (availability: TAvailability) => setLoad({ state: 'loaded', availability });

  const content = () => {
    if (teachers && teachers.length === 0) return <Empty description={t('scheduleViews.availability.noTeachers')} />;
    if (load.state === 'loading' || load.state === 'idle') return <Spin style={{ display: 'block', margin: 48 }} />;
    if (load.state === 'failed' || !loaded) {
      return (
        <Result
          status="warning"
          title={t('scheduleViews.availability.failed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      );
    }
    const id = loaded.teacher.id;
    return (
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <AvailabilityForm
            availability={loaded}
            zone={zone}
            save={(body) => saveAvailability(id, body)}
            onSaved={update}
          />
        </Col>
        <Col xs={24} xl={10}>
          <div style={{ marginBottom: 16 }}>
            <CalendarFeed
              feedPath={loaded.feedPath}
              create={() => newCalendarFeed(id)}
              revoke={() => revokeCalendarFeed(id)}
              onChange={(feedPath) => update({ ...loaded, feedPath })}
            />
          </div>
          <CalendarEmbed availability={loaded} save={(link) => saveCalendarEmbed(id, link)} onSaved={update} />
        </Col>
      </Row>
    );
  };

  return (
    <PageContainer title={t('scheduleViews.availability.title')}>
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text>{t('scheduleViews.availability.teacher')}</Typography.Text>
        <Select
          style={{ width: 260 }}
          showSearch
          optionFilterProp="label"
          loading={!teachers}
          placeholder={t('scheduleViews.availability.pickTeacher')}
          aria-label={t('scheduleViews.availability.teacher')}
          value={teacherId}
          options={(teachers ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(value: number) => setSearch({ teacher: String(value) })}
        />
      </Space>
      {content()}
    </PageContainer>
  );
}
