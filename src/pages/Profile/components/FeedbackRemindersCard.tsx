import { useIntl } from '@umijs/max';
import { Form, Select, Switch } from 'antd';
import { feedbackReminderSettings, saveFeedbackReminderSettings } from '@/components/NoticeBell/service';
import SettingCard from '@/components/SettingCard';
import type { TFeedbackReminderSettings } from '@/contracts/notices';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** The centre's daily feedback reminders to teachers (admins): on or off, and the local hour they start. */
export default function FeedbackRemindersCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <SettingCard<TFeedbackReminderSettings>
      title={t('notices.reminders.title')}
      testId="feedback-reminder-settings"
      help={t('notices.reminders.help')}
      load={feedbackReminderSettings}
      save={saveFeedbackReminderSettings}
      fields={['feedbackReminders', 'feedbackReminderHour']}
    >
      {() => (
        <>
          <Form.Item name="feedbackReminders" label={t('notices.reminders.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {/* The hour is chosen only while the reminders are on. */}
          <Form.Item noStyle dependencies={['feedbackReminders']}>
            {({ getFieldValue }) => (
              <Form.Item name="feedbackReminderHour" label={t('notices.reminders.hour')}>
                <Select options={HOURS} disabled={!getFieldValue('feedbackReminders')} style={{ width: 120 }} />
              </Form.Item>
            )}
          </Form.Item>
        </>
      )}
    </SettingCard>
  );
}
