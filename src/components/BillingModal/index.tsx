import { ModalForm } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Form, type FormInstance, message } from 'antd';
import type { ReactNode } from 'react';
import { type FormFields, runBillingWrite } from './messages';

interface Props<Values> {
  open: boolean;
  title: ReactNode;
  submitText: string;
  /** Locale id of the seed's failure text ("Failed to create invoice"). */
  failedId: string;
  /** Locale id of the success message. */
  doneId: string;
  /** The form's fields: the server's field errors about these go under them. */
  fields: FormFields;
  initialValues?: Partial<Values>;
  /** Optional: a form instance of the caller's (to read or set values while open). */
  form?: FormInstance<Values>;
  danger?: boolean;
  width?: number;
  save: (values: Values) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  /** A class on the modal, for tests and styles. */
  className: string;
  children: ReactNode;
}

/**
 * The billing pages' small dialogs (tax rate, mark paid, void, create invoice, update credit): a
 * modal form whose write shows the seed's messages (components/BillingModal/messages.ts), keeps the
 * server's field errors under the fields and stays open on a failure.
 */
export default function BillingModal<Values extends object>(props: Props<Values>) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  return (
    <ModalForm<Values>
      open={props.open}
      form={form}
      name={props.className}
      title={props.title}
      width={props.width ?? 480}
      initialValues={props.initialValues}
      onOpenChange={(next) => !next && props.onClose()}
      submitter={{
        searchConfig: { submitText: props.submitText, resetText: t('common.cancel') },
        submitButtonProps: { danger: props.danger },
      }}
      // destroyOnClose (not antd's newer destroyOnHidden): ModalForm resets its fields on close only for that one.
      modalProps={{ destroyOnClose: true, maskClosable: false, wrapClassName: props.className }}
      onFinish={async (values) => {
        const ok = await runBillingWrite(() => props.save(values), props.failedId, {
          instance: form,
          fields: props.fields,
        });
        if (ok) {
          message.success(t(props.doneId));
          props.onSaved();
        }
        return ok;
      }}
    >
      {props.children}
    </ModalForm>
  );
}
