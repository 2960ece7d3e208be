import { useIntl } from '@umijs/max';
import { Button, Card, Form, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { runWithMessages } from '@/utils/runWithMessages';

/**
 * One of the centre's settings on the admin's profile (lesson policy, reminders, travel time): a card
 * that loads the settings, shows a spinner until they are here, and saves them with the usual pending,
 * success and failure messages (a field's refusal goes onto that field). `save` may answer the settings
 * as stored; they become the card's values.
 */
export default function SettingCard<T extends object>({
  title,
  testId,
  help,
  load,
  save,
  fields,
  maxWidth = 480,
  children,
}: {
  title: string;
  testId: string;
  /** A paragraph above the fields. */
  help?: string;
  load: () => Promise<T>;
  save: (values: T) => Promise<T | undefined>;
  /** The fields a refusal may name. */
  fields: readonly (keyof T & string)[];
  maxWidth?: number;
  /** The form's items, given the settings as loaded. */
  children: (loaded: T) => ReactNode;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<T>();
  const [loaded, setLoaded] = useState<T>();

  // The form is drawn once the settings are here, with them as its initial values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per card; `load` is a new function each render.
  useEffect(() => {
    load()
      .then(setLoaded)
      .catch(() => undefined);
  }, []);

  const submit = async (values: T) => {
    await runWithMessages(
      'update',
      async () => {
        const stored = await save(values);
        if (stored) setLoaded(stored);
      },
      { instance: form, fields },
    );
  };

  return (
    <Card title={title} data-testid={testId}>
      {loaded ? (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={loaded} style={{ maxWidth }}>
          {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
          {children(loaded)}
          <Button type="primary" htmlType="submit">
            {intl.formatMessage({ id: 'common.save' })}
          </Button>
        </Form>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
