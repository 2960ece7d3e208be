import { useIntl } from '@umijs/max';
import { Button, Card, Form, InputNumber, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { MAX_TRAVEL_MINUTES, type TLocationSettings } from '@/contracts/locations';
import { locationSettings, saveLocationSettings } from '@/services/locations';
import { runWithMessages } from '@/utils/runWithMessages';
import { forgetLocations } from '@/utils/useLocations';

/** The travel time a teacher needs between classes at two locations (admins; audited). */
export default function TravelTimeCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<TLocationSettings>();
  const [loaded, setLoaded] = useState<TLocationSettings>();

  useEffect(() => {
    locationSettings()
      .then((settings) => {
        setLoaded(settings);
        form.setFieldsValue(settings);
      })
      .catch(() => undefined);
  }, [form]);

  const save = async (values: TLocationSettings) => {
    await runWithMessages(
      'update',
      async () => {
        setLoaded(await saveLocationSettings(values));
        forgetLocations();
      },
      { instance: form, fields: ['travelMinutes'] },
    );
  };

  return (
    <Card title={t('locations.travel.title')} data-testid="travel-time">
      {loaded ? (
        <Form form={form} layout="vertical" onFinish={save} initialValues={loaded} style={{ maxWidth: 560 }}>
          <Form.Item
            name="travelMinutes"
            label={t('locations.travel.minutes')}
            extra={t('locations.travel.help')}
            rules={[{ required: true, message: t('locations.travel.required') }]}
          >
            <InputNumber min={0} max={MAX_TRAVEL_MINUTES} precision={0} addonAfter={t('locations.travel.unit')} />
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
