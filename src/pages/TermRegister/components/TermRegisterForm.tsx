import {
  ProFormDatePicker,
  ProFormDependency,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Form, message } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
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
import { useFormat } from '@/utils/useFormat';
import { PAYMENT_TYPE_IDS } from './paymentTypes';

interface RegisterValues {
  termId: number;
  studentId: number;
  paymentType: TTermPaymentType;
  price: string;
  teacherId?: number;
  comments?: string;
  paid: boolean;
  /** With paid: left empty, the centre's today and the payment type (as the Paid switch records). */
  paidOn?: string;
  paidMethod?: TTermPaymentType;
}

/** Register a student for a term, or edit a registration; the server refuses a second one of a student. */
export default function TermRegisterForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TTermRegister>) {
  const [form] = Form.useForm<RegisterValues>();
  const { t, required, choose, zod } = useFormRules();
  const { currency } = useCentre();
  const format = useFormat();
  const current = record && {
    value: record.student.id,
    label: `${record.student.name} (${record.student.studentId})`,
  };
  const save = async (values: RegisterValues) => {
    // No teacher chosen: the term's teacher (the server's default).
    const { paidOn, paidMethod, ...rest } = values;
    const paid = values.paid ?? false;
    const body: TTermRegisterBody = {
      ...rest,
      comments: values.comments || null,
      paid,
      ...(paid && paidOn ? { paidOn: dayjs(paidOn).format('YYYY-MM-DD') } : {}),
      ...(paid && paidMethod ? { paidMethod } : {}),
    };
    const saved = await (record ? updateTermRegister(record.id, body) : createTermRegister(body));
    // Newly paid: the same message as the Paid switch, with what was recorded.
    if (saved.paid && !record?.paid)
      message.success(
        t('money.paid.marked', {
          amount: format.money(saved.price),
          date: format.date(saved.paidOn),
          method: saved.paidMethod ? t(PAYMENT_TYPE_IDS[saved.paidMethod]) : '',
        }),
      );
    return saved;
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
              paidOn: record.paidOn ?? undefined,
              paidMethod: record.paidMethod ?? undefined,
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
      <ProFormDependency name={['paid', 'paymentType']}>
        {({ paid, paymentType }: Partial<RegisterValues>) =>
          paid && (
            <>
              <ProFormDatePicker
                name="paidOn"
                label={t('money.paid.on')}
                colProps={{ span: 12 }}
                width="100%"
                placeholder={t('forms.termRegister.paidOn.today')}
                fieldProps={{ format: 'YYYY-MM-DD', disabledDate: (d: Dayjs) => d.isAfter(dayjs(), 'day') }}
              />
              <ProFormSelect
                name="paidMethod"
                label={t('money.paid.method')}
                colProps={{ span: 12 }}
                placeholder={paymentType ? t(PAYMENT_TYPE_IDS[paymentType]) : undefined}
                options={termPaymentTypes.map((type) => ({ value: type, label: t(PAYMENT_TYPE_IDS[type]) }))}
              />
            </>
          )
        }
      </ProFormDependency>
    </RecordForm>
  );
}
