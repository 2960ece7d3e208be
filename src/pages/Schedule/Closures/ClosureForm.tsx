import { ProFormDatePicker, ProFormText } from '@ant-design/pro-components';
import { Form } from 'antd';
import dayjs from 'dayjs';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { type TClosure, type TClosureBody, type TClosureClass, ZClosureBody } from '@/contracts/closures';
import { createClosure, updateClosure } from '@/services/closures';

type DateValue = string | dayjs.Dayjs | undefined;
interface ClosureValues {
  name: string;
  startDate: DateValue;
  endDate: DateValue;
}
const day = (value: DateValue) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

/** Add or change a closure; when classes are already planned on its days, `onClasses` lists them. */
export default function ClosureForm({
  open,
  record,
  onClose,
  onSaved,
  onClasses,
}: RecordFormOpenProps<TClosure> & { onClasses: (closure: TClosure, classes: TClosureClass[]) => void }) {
  const [form] = Form.useForm<ClosureValues>();
  const { t, required, zod } = useFormRules();
  const { timeZone } = useCentre();
  const save = async (values: ClosureValues) => {
    const body: TClosureBody = { name: values.name, startDate: day(values.startDate), endDate: day(values.endDate) };
    const reply = record ? await updateClosure(record.id, body) : await createClosure(body);
    if (reply.classes.length) onClasses(reply.closure, reply.classes);
    return reply;
  };
  const notBefore = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: DateValue) => {
      const start = day(getFieldValue('startDate') as DateValue);
      if (value && start && day(value) < start) throw new Error(t('notify.closure.endRule'));
    },
  });
  return (
    <RecordForm<ClosureValues>
      kind="closure"
      open={open}
      editing={!!record}
      form={form}
      initialValues={record ? { ...record } : { startDate: todayIn(timeZone), endDate: todayIn(timeZone) }}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText
        name="name"
        label={t('notify.closure.name')}
        placeholder={t('notify.closure.namePlaceholder')}
        rules={[required(t('notify.closure.name')), zod(ZClosureBody.shape.name)]}
      />
      <ProFormDatePicker
        name="startDate"
        label={t('notify.closure.startDate')}
        width="100%"
        colProps={{ span: 12 }}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('notify.closure.startDate'))]}
      />
      <ProFormDatePicker
        name="endDate"
        label={t('notify.closure.endDate')}
        width="100%"
        colProps={{ span: 12 }}
        dependencies={['startDate']}
        fieldProps={{ format: 'YYYY-MM-DD' }}
        rules={[required(t('notify.closure.endDate')), notBefore]}
      />
    </RecordForm>
  );
}
