import { ProForm, ProFormDatePicker, ProFormSwitch } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Form, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { runBillingWrite } from '@/components/BillingModal/messages';
import type { TBillingCycle } from '@/contracts/billing';
import { startCycle } from './service';

interface Values {
  startDate: Dayjs;
  endDate: Dayjs;
  repeat: boolean;
}
const FIELDS = ['startDate', 'endDate', 'repeat'] as const;
const day = (value: Dayjs) => dayjs(value).format('YYYY-MM-DD');

/** Starts a billing cycle; the current calendar month by default, repeating. */
export default function StartCycleForm({ onStarted }: { onStarted: (cycle: TBillingCycle) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const required = (label: string) => ({ required: true, message: t('forms.rule.required', { label }) });

  const submit = async (values: Values) => {
    let started: TBillingCycle | undefined;
    const ok = await runBillingWrite(
      async () => {
        started = await startCycle({
          startDate: day(values.startDate),
          endDate: day(values.endDate),
          repeat: values.repeat,
        });
      },
      'billingCycles.server.cycleStartFailed',
      { instance: form, fields: FIELDS },
    );
    if (ok && started) {
      message.success(t('billingCycles.start.done'));
      onStarted(started);
    }
    return ok;
  };

  return (
    <ProForm<Values>
      form={form}
      name="startCycle"
      layout="vertical"
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ xs: 24, sm: 12, lg: 6 }}
      initialValues={{ startDate: dayjs().startOf('month'), endDate: dayjs().endOf('month'), repeat: true }}
      onFinish={submit}
      submitter={{
        searchConfig: { submitText: t('billingCycles.start.submit') },
        resetButtonProps: false,
      }}
    >
      <ProFormDatePicker
        name="startDate"
        label={t('billingCycles.field.startDate')}
        width="100%"
        fieldProps={{ format: 'YYYY-MM-DD', allowClear: false }}
        rules={[required(t('billingCycles.field.startDate'))]}
      />
      <ProFormDatePicker
        name="endDate"
        label={t('billingCycles.field.endDate')}
        width="100%"
        dependencies={['startDate']}
        fieldProps={{ format: 'YYYY-MM-DD', allowClear: false }}
        rules={[
          required(t('billingCycles.field.endDate')),
          ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
            validator: async (_rule: unknown, value?: Dayjs) => {
              const start = getFieldValue('startDate') as Dayjs | undefined;
              if (value && start && dayjs(value).isBefore(dayjs(start), 'day'))
                throw new Error(t('billingCycles.rule.endAfterStart'));
            },
          }),
        ]}
      />
      <ProFormSwitch
        name="repeat"
        label={t('billingCycles.field.repeat')}
        tooltip={t('billingCycles.field.repeat.help')}
      />
    </ProForm>
  );
}
