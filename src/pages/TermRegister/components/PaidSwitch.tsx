import { useIntl } from '@umijs/max';
import { message, Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import type { TTermRegister } from '@/contracts/term-registers';
import { setTermRegisterPaid } from '@/services/courses';
import { useFormat } from '@/utils/useFormat';

/** From this amount on, marking a registration paid asks first (a slip of the finger costs the most here). */
export const CONFIRM_PAID_FROM = 500;

/**
 * Marks one registration paid or unpaid at once (optimistic), and puts the switch back with a
 * message when the server refuses. Marking a large amount paid asks first: "Mark CA$1,200.00 paid?".
 */
export default function PaidSwitch({ register, onChanged }: { register: TTermRegister; onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [paid, setPaid] = useState(register.paid);
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const toggle = async (next: boolean) => {
    setAsking(false);
    setPaid(next);
    setPending(true);
    try {
      await setTermRegisterPaid(register.id, next);
      message.success(t(next ? 'forms.paid.marked' : 'forms.unpaid.marked'));
      onChanged();
    } catch {
      setPaid(!next);
      message.error(t('forms.paid.failed'));
    } finally {
      setPending(false);
    }
  };
  const large = Number(register.price ?? 0) >= CONFIRM_PAID_FROM;
  return (
    <Popconfirm
      open={asking}
      title={t('forms.paid.confirm', { amount: format.money(register.price) })}
      okText={t('forms.paid.confirm.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => toggle(true)}
      onCancel={() => setAsking(false)}
      onOpenChange={(open) => !open && setAsking(false)}
    >
      <Switch
        checked={paid}
        loading={pending}
        checkedChildren={t('common.paid')}
        unCheckedChildren={t('common.unpaid')}
        aria-label={t('forms.paid.switch', { name: register.student.name })}
        onChange={(next) => (next && large ? setAsking(true) : toggle(next))}
      />
    </Popconfirm>
  );
}
