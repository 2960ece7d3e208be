import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Col, Form } from 'antd';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, type TEmailTemplate } from '@/contracts/email';
import PlaceholderHelp, { usePlaceholderRule } from './PlaceholderHelp';
import { createTemplate, updateTemplate } from './service';

interface TemplateValues {
  name: string;
  subject: string;
  body: string;
}

/** Add or edit a template; its name is unique in the centre, its texts may hold the placeholders. */
export default function TemplateForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TEmailTemplate>) {
  const [form] = Form.useForm<TemplateValues>();
  const { t, required, max } = useFormRules();
  const placeholderRule = usePlaceholderRule();
  const save = (values: TemplateValues) => (record ? updateTemplate(record.id, values) : createTemplate(values));
  return (
    <RecordForm<TemplateValues>
      kind="emailTemplate"
      open={open}
      editing={!!record}
      form={form}
      initialValues={record ? { name: record.name, subject: record.subject, body: record.body } : {}}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText name="name" label={t('email.field.name')} rules={[required(t('email.field.name')), max(100)]} />
      <ProFormText
        name="subject"
        label={t('email.field.subject')}
        rules={[required(t('email.field.subject')), max(EMAIL_SUBJECT_MAX), placeholderRule]}
      />
      <ProFormTextArea
        name="body"
        label={t('email.field.body')}
        rules={[required(t('email.field.body')), max(EMAIL_BODY_MAX), placeholderRule]}
        fieldProps={{ rows: 8 }}
      />
      {/* The form is a grid: a row's children are columns. */}
      <Col span={24}>
        <PlaceholderHelp onInsert={(p) => form.setFieldsValue({ body: `${form.getFieldValue('body') ?? ''}${p}` })} />
      </Col>
    </RecordForm>
  );
}
