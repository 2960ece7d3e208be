import { ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import RecordForm from '@/components/RecordForm';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { THousehold, THouseholdBody } from '@/contracts/households';
import { updateHousehold } from '@/services/households';

interface Props {
  open: boolean;
  record: THousehold;
  onClose: () => void;
  onSaved: (household: THousehold) => void;
}

/** A household's family name, whether its guardians get lesson reminders, and the desk's notes about it. */
export default function HouseholdForm({ open, record, onClose, onSaved }: Props) {
  const [form] = Form.useForm<THouseholdBody>();
  const { t, required, max } = useFormRules();
  return (
    <RecordForm<THouseholdBody>
      kind="household"
      open={open}
      editing
      form={form}
      initialValues={{
        name: record.name,
        comments: record.comments,
        lessonReminders: record.lessonReminders,
        monthlyStatements: record.monthlyStatements,
      }}
      save={(values) => updateHousehold(record.id, values)}
      onClose={onClose}
      onSaved={(reply) => onSaved(reply as THousehold)}
    >
      <ProFormText name="name" label={t('households.name')} rules={[required(t('households.name')), max(100)]} />
      <ProFormSwitch name="lessonReminders" label={t('households.lessonReminders')} />
      <ProFormSwitch name="monthlyStatements" label={t('statements.household')} />
      <ProFormTextArea name="comments" label={t('households.comments')} rules={[max(5000)]} />
    </RecordForm>
  );
}
