import { useIntl } from '@umijs/max';
import { Button, Card, Form, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { lessonReminderSettings, saveLessonReminderSettings } from '@/components/NoticeBell/service';
import type { TLessonReminderSettings } from '@/contracts/notices';
import { runWithMessages } from '@/utils/runWithMessages';

const CHOICES = [0, 2, 4, 12, 24, 48, 72];

/** The centre's lesson reminders to families (admins): how long before each class, or none. */
export default function LessonRemindersCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<TLessonReminderSettings>();
  const [loaded, setLoaded] = useState<TLessonReminderSettings>();

  useEffect(() => {
    lessonReminderSettings()
      .then((settings) => {
        setLoaded(settings);
        form.setFieldsValue(settings);
      })
      .catch(() => undefined);
  }, [form]);

  const hours = [...new Set([...CHOICES, loaded?.lessonReminderHours ?? 24])].sort((a, b) => a - b);
  const options = hours.map((h) => ({
    value: h,
    label: h === 0 ? t('notices.lessonReminders.none') : t('notices.lessonReminders.hours', { hours: h }),
  }));
  const save = async (values: TLessonReminderSettings) => {
    await runWithMessages('update', () => saveLessonReminderSettings(values), {
      instance: form,
      fields: ['lessonReminderHours'],
    });
  };

  return (
    <Card title={t('notices.lessonReminders.title')} data-testid="lesson-reminder-settings">
      {loaded ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={loaded} style={{ maxWidth: 480 }}>
          <Typography.Paragraph type="secondary">{t('notices.lessonReminders.help')}</Typography.Paragraph>
          <Form.Item name="lessonReminderHours" label={t('notices.lessonReminders.when')}>
            <Select options={options} style={{ width: 220 }} />
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
