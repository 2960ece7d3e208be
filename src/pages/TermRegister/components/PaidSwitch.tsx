import { useIntl } from '@umijs/max';
import { DatePicker, Flex, message, Popconfirm, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type TTermPaymentType, type TTermRegister, termPaymentTypes } from '@/contracts/term-registers';
import { setTermRegisterPaid } from '@/services/courses';
import { useFormat } from '@/utils/useFormat';
import { PAYMENT_TYPE_IDS } from './paymentTypes';

/**
 * Marks one registration paid or unpaid. Money changes hands, so it always asks first with the
 * amount; marking paid records the day the money came in (today unless changed) and how (the
 * registration's payment type unless changed); the message after says what was recorded.
 */
export default function PaidSwitch({ register, onChanged }: { register: TTermRegister; onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [paid, setPaid] = useState(register.paid);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const [paidOn, setPaidOn] = useState<Dayjs>(() => dayjs());
  const [method, setMethod] = useState<TTermPaymentType>(register.paidMethod ?? register.paymentType);
  const amount = format.money(register.price);
  const toggle = async (next: boolean) => {
    setAsking(false);
    setPaid(next);
    setPending(true);
    try {
      const saved = await setTermRegisterPaid(
        register.id,
        next ? { paid: true, paidOn: paidOn.format('YYYY-MM-DD'), paidMethod: method } : { paid: false },
      );
      message.success(
        saved.paid
          ? t('money.paid.marked', {
              amount,
              date: format.date(saved.paidOn),
              method: saved.paidMethod ? t(PAYMENT_TYPE_IDS[saved.paidMethod]) : '',
            })
          : t('money.unpaid.marked', { amount }),
      );
      onChanged();
    } catch {
      setPaid(!next);
      message.error(t('forms.paid.failed'));
    } finally {
      setPending(false);
    }
  };
  const recorded = register.paidOn
    ? t('money.unpaid.recorded', { date: format.date(register.paidOn) })
    : t('money.unpaid.none');
  return (
    <Popconfirm
      open={asking}
      title={t(paid ? 'money.unpaid.confirm' : 'forms.paid.confirm', { amount })}
      description={
        paid ? (
          <Typography.Text>{recorded}</Typography.Text>
        ) : (
          <Flex vertical gap={8} style={{ marginBlock: 8 }}>
            <Flex vertical gap={2}>
              <label htmlFor={`paid-on-${register.id}`}>{t('money.paid.on')}</label>
              <DatePicker
                id={`paid-on-${register.id}`}
                value={paidOn}
                allowClear={false}
                disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                onChange={(d) => d && setPaidOn(d)}
                style={{ display: 'flex' }}
              />
            </Flex>
            <Flex vertical gap={2}>
              <label htmlFor={`paid-method-${register.id}`}>{t('money.paid.method')}</label>
              <Select<TTermPaymentType>
                id={`paid-method-${register.id}`}
                value={method}
                onChange={setMethod}
                options={termPaymentTypes.map((p) => ({ value: p, label: t(PAYMENT_TYPE_IDS[p]) }))}
                style={{ display: 'flex' }}
              />
            </Flex>
          </Flex>
        )
      }
      okText={t(paid ? 'money.unpaid.ok' : 'forms.paid.confirm.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => toggle(!paid)}
      onCancel={() => setAsking(false)}
      onOpenChange={(open) => !open && setAsking(false)}
    >
      <Switch
        checked={paid}
        loading={pending}
        checkedChildren={t('common.paid')}
        unCheckedChildren={t('common.unpaid')}
        aria-label={t('forms.paid.switch', { name: register.student.name })}
        onChange={() => setAsking(true)}
      />
    </Popconfirm>
  );
}
