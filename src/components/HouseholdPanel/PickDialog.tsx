import { ModalForm, ProFormSelect } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Form, Typography } from 'antd';
import { runWithMessages } from '@/utils/runWithMessages';

interface Option {
  value: number;
  label: string;
}

interface Props {
  open: boolean;
  title: string;
  help: string;
  /** The field's name: the server's field errors land on it (studentId, householdId). */
  name: 'studentId' | 'householdId';
  label: string;
  search: (q: string) => Promise<Option[]>;
  pick: (id: number) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}

/** One searchable choice and a confirm: a sibling to add, a household to merge in. */
export default function PickDialog({ open, title, help, name, label, search, pick, onClose, onDone }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Record<string, number>>();
  return (
    <ModalForm<Record<string, number>>
      open={open}
      title={title}
      form={form}
      width={520}
      modalProps={{ destroyOnClose: true, onCancel: onClose }}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        const done = await runWithMessages('update', () => pick(values[name]), { instance: form, fields: [name] });
        if (done) onDone();
        return done;
      }}
    >
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <ProFormSelect
        name={name}
        label={label}
        showSearch
        debounceTime={300}
        rules={[{ required: true, message: label }]}
        request={async ({ keyWords }: { keyWords?: string }) => search(keyWords ?? '')}
        fieldProps={{ filterOption: false }}
      />
    </ModalForm>
  );
}
