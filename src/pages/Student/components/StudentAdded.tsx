import { history, useIntl } from '@umijs/max';
import { Button, Modal, Result, Space } from 'antd';
import { useMemo, useState } from 'react';
import { lazyForm } from '@/components/RecordListPage/lazyForm';
import type { TStudent } from '@/contracts/students';

// Loaded on a click: the class form and the purchase form are not part of the student list's first load.
const ScheduleForm = lazyForm(() => import('@/components/ScheduleForm'));
const VoucherPurchaseForm = lazyForm(() => import('@/pages/VoucherPurchaseHistory/components/VoucherPurchaseForm'));

interface Props {
  /** The student just added; none when nothing is shown. */
  student?: TStudent;
  onClose: () => void;
}

/**
 * After a new student is saved (issue 19): says who was added, whom the list may not show (sorted by
 * last name, on another page), and offers the next steps: their page, a class, a payment.
 */
export default function StudentAdded({ student, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [next, setNext] = useState<'class' | 'payment'>();
  const [shown, setShown] = useState<TStudent>();
  const current = student ?? shown;
  const label = current ? `${current.firstName} ${current.lastName} (${current.studentId})` : '';
  // One object while the class form is open: a new one would start the form over.
  const defaults = useMemo(() => ({ students: current ? [{ value: current.id, label }] : [] }), [current, label]);

  const open = (step: 'class' | 'payment') => {
    setShown(student);
    setNext(step);
    onClose();
  };
  return (
    <>
      <Modal open={!!student} onCancel={onClose} footer={null} width={560} destroyOnClose>
        <Result
          status="success"
          title={t('names.added.title', { name: label })}
          subTitle={t('names.added.next')}
          extra={
            <Space wrap style={{ justifyContent: 'center' }}>
              <Button type="primary" onClick={() => open('class')}>
                {t('names.added.class')}
              </Button>
              <Button onClick={() => open('payment')}>{t('names.added.payment')}</Button>
              <Button onClick={() => current && history.push(`/student/studentDashboard/${current.id}`)}>
                {t('names.added.dashboard')}
              </Button>
              <Button type="text" onClick={onClose}>
                {t('names.added.done')}
              </Button>
            </Space>
          }
        />
      </Modal>
      <ScheduleForm
        open={next === 'class'}
        defaults={defaults}
        onClose={() => setNext(undefined)}
        onSaved={() => setNext(undefined)}
      />
      <VoucherPurchaseForm
        open={next === 'payment'}
        student={current && { id: current.id, label }}
        onClose={() => setNext(undefined)}
        onSaved={() => setNext(undefined)}
      />
    </>
  );
}
