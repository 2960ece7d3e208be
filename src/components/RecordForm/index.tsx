import { ModalForm } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import type { FormInstance } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import HistoryTabs from '@/components/HistoryTab/HistoryTabs';
import type { TAuditEntity } from '@/contracts/audit';
import { FormIdempotencyKey, withIdempotencyKey } from '@/utils/idempotency';
import { toRequestFailure } from '@/utils/requestError';
import { runWithMessages } from '@/utils/runWithMessages';
import { placeFieldErrors } from './fieldErrors';
import { isSubmitKey, useFirstFieldFocus } from './keyboard';

/** The records a RecordForm edits; each has `forms.record.<kind>` in the locale files. */
export const recordNames = {
  student: 'forms.record.student',
  teacher: 'forms.record.teacher',
  staff: 'forms.record.staff',
  course: 'forms.record.course',
  term: 'forms.record.term',
  termRegister: 'forms.record.termRegister',
  referral: 'forms.record.referral',
  referrer: 'forms.record.referrer',
  voucherPurchase: 'forms.record.voucherPurchase',
  emailTemplate: 'email.record.template',
  closure: 'notify.record.closure',
  household: 'forms.record.household',
  guardian: 'forms.record.guardian',
  location: 'locations.record.location',
  room: 'locations.record.room',
} as const;
export type RecordKind = keyof typeof recordNames;

/** The props every record form takes from its list page. */
export interface RecordFormOpenProps<Record> {
  open: boolean;
  /** The record to edit; none for a new one. */
  record?: Record;
  onClose: () => void;
  /** After a successful save, with what the save resolved to (the form then closes itself through onClose). */
  onSaved: (saved?: unknown) => void;
}

interface Props<Values> extends Omit<RecordFormOpenProps<unknown>, 'record'> {
  kind: RecordKind;
  editing: boolean;
  form: FormInstance<Values>;
  /** Field values to start from (the record as the API gave it may carry more than the form edits). */
  initialValues?: object;
  /** Long forms lay their fields out in two columns (row by row, so Tab follows the eye). */
  columns?: 1 | 2;
  /** The write; messages, field errors and closing are the wrapper's. */
  save: (values: Values) => Promise<unknown>;
  /** Asked before the write; false keeps the form open without saving (a warning the user declined). */
  confirmSave?: (values: Values) => Promise<boolean>;
  /** The record's audit history: when editing, the form gets tabs "Details" | "History". */
  history?: { entity: TAuditEntity; id: number };
  children: ReactNode;
}

// Modal chrome (padding, title, footer) plus a margin above and below: the body scrolls inside the rest.
const CHROME = 180;

/**
 * The one form pattern of every record (issue 6, section 4): a modal titled "New student" / "Edit
 * student" with Cancel and Save, never taller than the window (its body scrolls), focus on the first
 * field, Enter saves, Esc cancels, and the server's field errors on their fields.
 */
export default function RecordForm<Values extends object>(props: Props<Values>) {
  const { kind, open, editing, form, initialValues, columns = 1, save, history, onClose, onSaved, children } = props;
  const { confirmSave } = props;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const record = t(recordNames[kind]);
  const wrapClassName = `record-form record-form-${kind}`;
  useFirstFieldFocus(open, `.record-form-${kind} .ant-modal-body`);
  // A list's form instance lives on between openings, and antd merges what it held over the next
  // opening's initial values: the second edit of a record showed the values it was first opened with.
  // Each opening starts from its own values (the page's effects, which run after this one, still win).
  const startValues = useRef(initialValues);
  startValues.current = initialValues;
  // Its Idempotency-Key: one per opening, the same on every Save until one succeeds (a double click or
  // a retry after a timeout then saves once), a new one after (src/utils/idempotency.ts).
  const idempotency = useRef(new FormIdempotencyKey()).current;
  useEffect(() => {
    if (!open) return;
    idempotency.renew();
    const held = Object.keys(form.getFieldsValue(true) as object).map((name) => [name, undefined]);
    form.setFieldsValue({ ...Object.fromEntries(held), ...startValues.current } as never);
  }, [open, form, idempotency]);

  const onFinish = async (values: Values) => {
    const fields = form.getFieldsError().map((field) => field.name.join('.'));
    if (confirmSave && !(await confirmSave(values))) return false;
    let failure: unknown;
    let reply: unknown;
    const saved = await runWithMessages(
      editing ? 'update' : 'add',
      async () => {
        try {
          reply = await withIdempotencyKey(idempotency.current(), () => save(values));
        } catch (error) {
          failure = error;
          // The key went with other input before (that try's reply was lost): the server says so, and
          // the next Save is a new request.
          if (toRequestFailure(error).status === 422) idempotency.renew();
          throw error;
        }
      },
      { instance: form, fields },
    );
    if (!saved) {
      // Again, in the reader's language (runWithMessages leaves the server's English).
      placeFieldErrors(form, toRequestFailure(failure).body, fields, t);
      return false;
    }
    idempotency.renew();
    onSaved(reply);
    return true;
  };

  return (
    <ModalForm<Values>
      open={open}
      onOpenChange={(next) => !next && onClose()}
      form={form}
      // Its own id prefix: a list's search form has fields of the same names.
      name={kind}
      title={t(editing ? 'forms.title.edit' : 'forms.title.new', { record })}
      width={columns === 2 ? 820 : 560}
      initialValues={initialValues as Partial<Values> | undefined}
      autoFocusFirstInput={false}
      grid
      rowProps={{ gutter: 16 }}
      colProps={{ span: columns === 2 ? 12 : 24 }}
      onKeyDown={(event) => {
        // After the field has taken the key (a date picker commits its typed date on Enter).
        if (isSubmitKey(event)) setTimeout(() => form.submit());
      }}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      modalProps={{
        destroyOnClose: true,
        maskClosable: false,
        keyboard: true,
        wrapClassName,
        style: { top: 24, paddingBottom: 0 },
        styles: { body: { maxHeight: `calc(100vh - ${CHROME}px)`, overflowY: 'auto', overflowX: 'hidden' } },
      }}
      onFinish={onFinish}
    >
      <HistoryTabs open={open} history={editing ? history : undefined} grid t={t}>
        {children}
      </HistoryTabs>
    </ModalForm>
  );
}
