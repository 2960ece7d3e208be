import { useIntl } from '@umijs/max';
import { Button, List, message, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TSchedule } from '@/contracts/schedules';
import type { TWaitlist } from '@/contracts/seats';
import { searchStudents } from '@/services/courses';
import { getWaitlist, joinWaitlist, leaveWaitlist } from '@/services/seats';
import { describeActionFailure } from '@/utils/recordActions';

/** A group class's seats and waitlist in the class details (issue 22): add a student, see the order, remove. */
export default function WaitlistPanel({ record }: { record: TSchedule }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [list, setList] = useState<TWaitlist>();
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [picked, setPicked] = useState<number>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getWaitlist(record.id).then(setList, () => undefined);
  }, [record.id]);

  const act = async (run: () => Promise<TWaitlist>) => {
    setBusy(true);
    try {
      setList(await run());
      setPicked(undefined);
    } catch (error) {
      message.error(describeActionFailure(error, 'update', [], t).content);
    } finally {
      setBusy(false);
    }
  };
  if (!list || list.capacity === null) return null;
  const waiting = list.entries.filter((e) => e.status === 'WAITING');
  return (
    <section aria-labelledby="waitlist-title" style={{ marginTop: 16 }}>
      <Typography.Title level={2} id="waitlist-title" style={{ fontSize: 16 }}>
        {t('seats.waitlist.title', { taken: list.seatsTaken, capacity: list.capacity })}
      </Typography.Title>
      <List
        size="small"
        bordered
        locale={{ emptyText: t('seats.waitlist.empty') }}
        dataSource={waiting}
        renderItem={(entry) => (
          <List.Item
            actions={[
              <Button
                key="remove"
                size="small"
                disabled={busy}
                aria-label={t('seats.waitlist.removeWho', { name: entry.student.name })}
                onClick={() => act(() => leaveWaitlist(record.id, entry.student.id))}
              >
                {t('seats.waitlist.remove')}
              </Button>,
            ]}
          >
            {`${entry.position}. ${entry.student.name}`}
          </List.Item>
        )}
      />
      {record.status === 'PLANNED' && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Select
            showSearch
            filterOption={false}
            style={{ flex: 1 }}
            aria-label={t('seats.waitlist.student')}
            placeholder={t('seats.waitlist.student')}
            value={picked}
            options={options}
            onSearch={async (text) => setOptions(await searchStudents(text))}
            onChange={setPicked}
          />
          <Button
            disabled={picked === undefined || busy}
            onClick={() => picked !== undefined && act(() => joinWaitlist(record.id, picked))}
          >
            {t('seats.waitlist.add')}
          </Button>
        </Space.Compact>
      )}
    </section>
  );
}
