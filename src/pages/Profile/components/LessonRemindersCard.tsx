import { useIntl } from '@umijs/max';
import { Form, Select } from 'antd';
import { lessonReminderSettings, saveLessonReminderSettings } from '@/components/NoticeBell/service';
import SettingCard from '@/components/SettingCard';
import type { TLessonReminderSettings } from '@/contracts/notices';

const CHOICES = [0, 2, 4, 12, 24, 48, 72];

/** The centre's lesson reminders to families (admins): how long before each class, or none. */
export default function LessonRemindersCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const options = (current: number) =>
    [...new Set([...CHOICES, current])]
      .sort((a, b) => a - b)
      .map((h) => ({
        value: h,
        label: h === 0 ? t('notices.lessonReminders.none') : t('notices.lessonReminders.hours', { hours: h }),
      }));
  return (
    <SettingCard<TLessonReminderSettings>
      title={t('notices.lessonReminders.title')}
      testId="lesson-reminder-settings"
      help={t('notices.lessonReminders.help')}
      load={lessonReminderSettings}
      save={saveLessonReminderSettings}
      fields={['lessonReminderHours']}
    >
      {(loaded) => (
        <Form.Item name="lessonReminderHours" label={t('notices.lessonReminders.when')}>
          <Select options={options(loaded.lessonReminderHours)} style={{ width: 220 }} />
        </Form.Item>
      )}
    </SettingCard>
  );
}
