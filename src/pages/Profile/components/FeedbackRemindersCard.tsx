import { useIntl } from '@umijs/max';
import { Button, Card, Form, Select, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedbackReminderSettings, saveFeedbackReminderSettings } from '@/components/NoticeBell/service';
import type { TFeedbackReminderSettings } from '@/contracts/notices';
import { runWithMessages } from '@/utils/runWithMessages';

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }));

/** The centre's daily feedback reminders to teachers (admins): on or off, and the local hour they start. */
export default function FeedbackRemindersCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<TFeedbackReminderSettings>();
  const [loaded, setLoaded] = useState<TFeedbackReminderSettings>();
  const enabled = Form.useWatch('feedbackReminders', form);

  useEffect(() => {
    feedbackReminderSettings()
      .then((settings) => {
        setLoaded(settings);
        form.setFieldsValue(settings);
      })
      .catch(() => undefined);
  }, [form]);

  const save = async (values: TFeedbackReminderSettings) => {
    await runWithMessages('update', () => saveFeedbackReminderSettings(values), {
      instance: form,
      fields: ['feedbackReminders', 'feedbackReminderHour'],
    });
  };

  return (
    <Card title={t('notices.reminders.title')} data-testid="feedback-reminder-settings">
      {loaded ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={loaded} style={{ maxWidth: 480 }}>
          <Typography.Paragraph type="secondary">{t('notices.reminders.help')}</Typography.Paragraph>
          <Form.Item name="feedbackReminders" label={t('notices.reminders.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="feedbackReminderHour" label={t('notices.reminders.hour')}>
            <Select options={HOURS} disabled={!enabled} style={{ width: 120 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
        </Form>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
