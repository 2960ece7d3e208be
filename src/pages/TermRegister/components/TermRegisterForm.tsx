import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import {
  type TTermPaymentType,
  type TTermRegister,
  type TTermRegisterBody,
  ZTermRegisterBody,
} from '@/contracts/term-registers';
import {
  createTermRegister,
  searchStudents,
  teacherOptions,
  termOptions,
  updateTermRegister,
} from '@/services/courses';
import { zodRule } from '@/utils/formRules';
import { runWithMessages } from '@/utils/runWithMessages';
import { paymentTypeOptions } from '../paymentTypes';

interface RegisterValues {
  termId: number;
  studentId: number;
  paymentType: TTermPaymentType;
  price: string;
  teacherId?: number;
  comments?: string;
  paid: boolean;
}
const FIELDS = ['termId', 'studentId', 'paymentType', 'price', 'teacherId', 'comments', 'paid'] as const;

/** Register a student for a term, or edit a registration. */
export default function TermRegisterForm({
  register,
  onClose,
  onSaved,
}: {
  register?: TTermRegister;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<RegisterValues>();
  const current = register && {
    value: register.student.id,
    label: `${register.student.name} (${register.student.studentId})`,
  };
  const onFinish = async (values: RegisterValues) => {
    // No teacher chosen: the term's teacher (the server's default).
    const body: TTermRegisterBody = { ...values, comments: values.comments || null, paid: values.paid ?? false };
    const saved = await runWithMessages(
      register ? 'update' : 'add',
      () => (register ? updateTermRegister(register.id, body) : createTermRegister(body)),
      { instance: form, fields: FIELDS },
    );
    if (saved) onSaved();
    return saved;
  };
  return (
    <ModalForm<RegisterValues>
      open
      form={form}
      name="termRegister"
      title={register ? 'Edit term registration' : 'New term registration'}
      width={560}
      isKeyPressSubmit
      modalProps={{ destroyOnClose: true, onCancel: onClose, maskClosable: false }}
      initialValues={
        register
          ? {
              termId: register.term.id,
              studentId: register.student.id,
              paymentType: register.paymentType,
              price: register.price,
              teacherId: register.teacher?.id,
              comments: register.comments ?? '',
              paid: register.paid,
            }
          : { paymentType: 'CASH', paid: false }
      }
      submitter={{ searchConfig: { submitText: register ? 'Save' : 'Add', resetText: 'Cancel' } }}
      onFinish={onFinish}
    >
      <ProFormSelect
        name="termId"
        label="Term"
        showSearch
        rules={[{ required: true, message: 'Choose a term' }]}
        request={async () => (await termOptions()).map((t) => ({ value: t.id, label: t.label }))}
        fieldProps={{ optionFilterProp: 'label', autoFocus: true }}
      />
      <ProFormSelect
        name="studentId"
        label="Student"
        showSearch
        placeholder="Type a name or student ID"
        debounceTime={300}
        rules={[{ required: true, message: 'Choose a student' }]}
        request={async ({ keyWords }: { keyWords?: string }) => {
          const found = await searchStudents(keyWords ?? '');
          return current && !keyWords && !found.some((s) => s.value === current.value) ? [current, ...found] : found;
        }}
        fieldProps={{ filterOption: false }}
      />
      <ProFormSelect
        name="paymentType"
        label="Payment type"
        options={paymentTypeOptions}
        rules={[{ required: true, message: 'Choose a payment type' }]}
      />
      <ProFormText
        name="price"
        label="Price"
        fieldProps={{ prefix: '$', inputMode: 'decimal' }}
        rules={[{ required: true, message: 'Price is required' }, zodRule(ZTermRegisterBody.shape.price)]}
      />
      <ProFormSelect
        name="teacherId"
        label="Teacher"
        tooltip="Left empty: the term's teacher"
        showSearch
        request={async () => (await teacherOptions()).map((t) => ({ value: t.id, label: t.name }))}
        fieldProps={{ optionFilterProp: 'label', allowClear: true }}
      />
      <ProFormTextArea name="comments" label="Comments" rules={[zodRule(ZTermRegisterBody.shape.comments)]} />
      <ProFormSwitch name="paid" label="Paid" />
    </ModalForm>
  );
}
