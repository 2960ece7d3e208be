import { ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useCentre } from '@/components/RecordForm/defaults';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import TermSelect from '@/components/RecordForm/TermSelect';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import {
  type TTermPaymentType,
  type TTermRegister,
  type TTermRegisterBody,
  termPaymentTypes,
  ZTermRegisterBody,
} from '@/contracts/term-registers';
import { createTermRegister, searchStudents, updateTermRegister } from '@/services/courses';
import { PAYMENT_TYPE_IDS } from './paymentTypes';

interface RegisterValues {
  termId: number;
  studentId: number;
  paymentType: TTermPaymentType;
  price: string;
  teacherId?: number;
  comments?: string;
  paid: boolean;
}

/** Register a student for a term, or edit a registration; the server refuses a second one of a student. */
export default function TermRegisterForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TTermRegister>) {
  const [form] = Form.useForm<RegisterValues>();
  const { t, required, choose, zod } = useFormRules();
  const { currency } = useCentre();
  const current = record && {
    value: record.student.id,
    label: `${record.student.name} (${record.student.studentId})`,
  };
  const save = (values: RegisterValues) => {
    // No teacher chosen: the term's teacher (the server's default).
    const body: TTermRegisterBody = { ...values, comments: values.comments || null, paid: values.paid ?? false };
    return record ? updateTermRegister(record.id, body) : createTermRegister(body);
  };
  return (
    <RecordForm<RegisterValues>
      kind="termRegister"
      history={record && { entity: 'TERM_REGISTER', id: record.id }}
      open={open}
      editing={!!record}
      form={form}
      initialValues={
        record
          ? {
              termId: record.term.id,
              studentId: record.student.id,
              paymentType: record.paymentType,
              price: record.price,
              teacherId: record.teacher?.id,
              comments: record.comments ?? '',
              paid: record.paid,
            }
          : { paymentType: 'CASH', paid: false }
      }
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TermSelect
        name="termId"
        label={t('forms.termRegister.term')}
        rules={[choose(t('forms.termRegister.term'))]}
        current={record?.term.id}
      />
      <ProFormSelect
        name="studentId"
        label={t('forms.termRegister.student')}
        showSearch
        placeholder={t('forms.student.search')}
        debounceTime={300}
        rules={[choose(t('forms.termRegister.student'))]}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const found = await searchStudents(keyWords ?? '');
          return current && !keyWords && !found.some((s) => s.value === current.value) ? [current, ...found] : found;
        }}
        fieldProps={{ filterOption: false }}
      />
      <ProFormSelect
        name="paymentType"
        label={t('forms.termRegister.paymentType')}
        colProps={{ span: 12 }}
        options={termPaymentTypes.map((type) => ({ value: type, label: t(PAYMENT_TYPE_IDS[type]) }))}
        allowClear={false}
        rules={[choose(t('forms.termRegister.paymentType'))]}
      />
      <ProFormText
        name="price"
        label={t('forms.termRegister.price')}
        colProps={{ span: 12 }}
        fieldProps={{ suffix: currency, inputMode: 'decimal' }}
        rules={[required(t('forms.termRegister.price')), zod(ZTermRegisterBody.shape.price)]}
      />
      <TeacherSelect
        name="teacherId"
        label={t('forms.termRegister.teacher')}
        tooltip={t('forms.termRegister.teacher.default')}
        placeholder={t('forms.termRegister.teacher.default')}
        current={record?.teacher ? [record.teacher] : []}
        fieldProps={{ allowClear: true }}
      />
      <ProFormTextArea
        name="comments"
        label={t('forms.common.comments')}
        rules={[zod(ZTermRegisterBody.shape.comments)]}
        fieldProps={{ rows: 2 }}
      />
      <ProFormSwitch name="paid" label={t('forms.termRegister.paid')} />
    </RecordForm>
  );
}
