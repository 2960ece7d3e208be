import { useIntl } from '@umijs/max';
import { Form, InputNumber } from 'antd';
import SettingCard from '@/components/SettingCard';
import { MAX_TRAVEL_MINUTES, type TLocationSettings } from '@/contracts/locations';
import { locationSettings, saveLocationSettings } from '@/services/locations';
import { forgetLocations } from '@/utils/useLocations';

/** The travel time a teacher needs between classes at two locations (admins; audited). */
export default function TravelTimeCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <SettingCard<TLocationSettings>
      title={t('locations.travel.title')}
      testId="travel-time"
      load={locationSettings}
      save={async (values) => {
        const stored = await saveLocationSettings(values);
        forgetLocations();
        return stored;
      }}
      fields={['travelMinutes']}
      maxWidth={560}
    >
      {() => (
        <Form.Item
          name="travelMinutes"
          label={t('locations.travel.minutes')}
          extra={t('locations.travel.help')}
          rules={[{ required: true, message: t('locations.travel.required') }]}
        >
          <InputNumber min={0} max={MAX_TRAVEL_MINUTES} precision={0} addonAfter={t('locations.travel.unit')} />
        </Form.Item>
      )}
    </SettingCard>
  );
}
