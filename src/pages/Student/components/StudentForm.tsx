import { ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import { todayIn, useCentre } from '@/components/RecordForm/defaults';
import { DateField, EmailField, NameFields, PhoneField, WechatField } from '@/components/RecordForm/personFields';
import { confirmNotDuplicate } from '@/components/RecordForm/similarWarning';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import { ZOptionalEmail, ZOptionalRate } from '@/contracts/common';
import type { TStudent, TStudentBody } from '@/contracts/students';
import ReferrerSelect from '@/pages/Referral/components/ReferrerSelect';
import { createStudent, nextStudentId, updateStudent } from '@/services/students';
import { idempotencyHeaders, runningIdempotencyKey } from '@/utils/idempotency';
import { toRequestFailure } from '@/utils/requestError';
import { useLocations } from '@/utils/useLocations';

/** How many suggested IDs one Save tries when other desks keep taking them first. */
const SUGGESTION_TRIES = 3;

const personOf = (values: { firstName?: string; lastName?: string; email?: string | null; phone?: string | null }) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  email: values.email ?? undefined,
  phone: values.phone ?? undefined,
});

/** Create or edit a student; a new one gets the next free student ID and today as its start date. */
export default function StudentForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TStudent>) {
  const [form] = Form.useForm<TStudentBody>();
  const { t, required, max, zod } = useFormRules();
  const { timeZone } = useCentre();
  // Where the student is enrolled (issue 23): shown when the centre has several locations; a
  // site-limited operator chooses among their own sites (the server refuses others).
  const { locations, sites, many } = useLocations();
  const places = sites ? locations.filter((l) => sites.includes(l.id)) : locations;
  const current = record?.locationId;
  const options = [
    ...places,
    ...(current && !places.some((l) => l.id === current)
      ? [{ id: current, name: locations.find((l) => l.id === current)?.name ?? String(current) }]
      : []),
  ].map((l) => ({ value: l.id, label: l.name }));

  // A new student is at the first of the caller's locations unless chosen: set once the locations are
  // known (they load after the form may have opened), never over a choice.
  const firstPlace = places[0]?.id;
  useEffect(() => {
    if (open && !record && many && firstPlace !== undefined && form.getFieldValue('locationId') === undefined)
      form.setFieldValue('locationId', firstPlace);
  }, [open, record, many, firstPlace, form]);

  // The ID this form suggested: when another desk saves a student with it first, the form takes the next
  // free one itself (the person never chose that number); an ID the person typed is theirs to change.
  const suggested = useRef<string>(undefined);
  useEffect(() => {
    if (!open || record) return;
    let current = true;
    suggested.current = undefined;
    nextStudentId()
      .then((studentId) => {
        // A suggestion: never over what the user has typed meanwhile.
        if (current && studentId && !form.getFieldValue('studentId')) {
          suggested.current = studentId;
          form.setFieldsValue({ studentId });
        }
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [open, record, form]);

  const save = async (values: TStudentBody) => {
    const body = { ...values, referrerId: values.referrerId ?? null };
    if (record) return updateStudent(record.id, body);
    const key = runningIdempotencyKey();
    for (let tries = 1; ; tries++) {
      try {
        return await (tries === 1 ? createStudent(body) : createStudent(body, idempotencyHeaders(key)));
      } catch (error) {
        const reply = toRequestFailure(error).body as { errorKey?: string } | undefined;
        const taken = reply?.errorKey === 'studentidexists';
        if (!taken || tries === SUGGESTION_TRIES || body.studentId !== suggested.current) throw error;
        const next = await nextStudentId().catch(() => '');
        if (!next || next === body.studentId) throw error;
        suggested.current = next;
        body.studentId = next;
        form.setFieldsValue({ studentId: next });
      }
    }
  };
  return (
    <RecordForm<TStudentBody>
      kind="student"
      history={record && { entity: 'STUDENT', id: record.id }}
      open={open}
      editing={!!record}
      form={form}
      columns={2}
      initialValues={
        record ?? {
          allowEmail: true,
          allowSms: false,
          feedbackNotification: false,
          startDate: todayIn(timeZone),
          locationId: many ? places[0]?.id : undefined,
        }
      }
      save={save}
      confirmSave={record ? undefined : (values) => confirmNotDuplicate('students', personOf(values))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <ProFormText
        name="studentId"
        label={t('forms.student.studentId')}
        rules={[required(t('forms.student.studentId')), max(40)]}
      />
      <DateField name="startDate" label={t('forms.student.startDate')} />
      {many ? (
        <ProFormSelect
          name="locationId"
          label={t('sites.location')}
          options={options}
          rules={[{ required: true, message: t('sites.location.required') }]}
          fieldProps={{ 'data-testid': 'student-location' } as object}
        />
      ) : null}
      <NameFields />
      <EmailField />
      <PhoneField />
      <WechatField />
      <ReferrerSelect
        name="referrerId"
        label={t('forms.student.referrer')}
        placeholder={t('forms.student.referrer.search')}
        fieldProps={{ allowClear: true }}
      />
      <ProFormText
        name="hourlyRate"
        label={t('forms.student.hourlyRate')}
        fieldProps={{ inputMode: 'decimal' }}
        rules={[zod(ZOptionalRate)]}
      />
      <ProFormText name="feedbackEmail" label={t('forms.student.feedbackEmail')} rules={[zod(ZOptionalEmail)]} />
      <ProFormSwitch name="allowSms" label={t('forms.student.allowSms')} colProps={{ span: 8 }} />
      <ProFormSwitch name="allowEmail" label={t('forms.student.allowEmail')} colProps={{ span: 8 }} />
      <ProFormSwitch
        name="feedbackNotification"
        label={t('forms.student.feedbackNotification')}
        colProps={{ span: 8 }}
      />
      <ProFormTextArea
        name="comments"
        label={t('forms.common.comments')}
        colProps={{ span: 24 }}
        rules={[max(5000)]}
        fieldProps={{ rows: 2 }}
      />
    </RecordForm>
  );
}
