import { message, Switch } from 'antd';
import { useState } from 'react';
import type { TTermRegister } from '@/contracts/term-registers';
import { setTermRegisterPaid } from '@/services/courses';

/**
 * Marks one registration paid or unpaid at once (optimistic), and puts the switch back with a
 * message when the server refuses.
 */
export default function PaidSwitch({ register, onChanged }: { register: TTermRegister; onChanged: () => void }) {
  const [paid, setPaid] = useState(register.paid);
  const [pending, setPending] = useState(false);
  const toggle = async (next: boolean) => {
    setPaid(next);
    setPending(true);
    try {
      await setTermRegisterPaid(register.id, next);
      message.success(next ? 'Marked as paid' : 'Marked as unpaid');
      onChanged();
    } catch {
      setPaid(!next);
      message.error('Failed to update, please try again');
    } finally {
      setPending(false);
    }
  };
  return (
    <Switch
      checked={paid}
      loading={pending}
      checkedChildren="Paid"
      unCheckedChildren="Unpaid"
      aria-label={`Paid: ${register.student.name}`}
      onChange={toggle}
    />
  );
}
