import {
  ProForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useAccess } from '@umijs/max';
import { Col, ColorPicker, Form } from 'antd';
import type { Color } from 'antd/es/color-picker';
import RecordForm, { type RecordFormOpenProps } from '@/components/RecordForm';
import CourseSelect from '@/components/RecordForm/CourseSelect';
import { useCentre } from '@/components/RecordForm/defaults';
import {
  BirthdayField,
  EmailField,
  LoginFields,
  NameFields,
  PhoneField,
  WechatField,
} from '@/components/RecordForm/personFields';
import { confirmNotDuplicate } from '@/components/RecordForm/similarWarning';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import type { TCreateTeacherRequest, TTeacher } from '@/contracts/teachers';
import { setTeacherLocations } from '@/services/locations';
import { createTeacher, updateTeacher } from '@/services/teachers';
import { localizeRuleMessage } from '@/utils/formErrors';
import { useLocations } from '@/utils/useLocations';
import { sinProblem } from '../sinRule';

type Values = Omit<TCreateTeacherRequest, 'password'> & { password?: string; locationIds?: number[] };

function initialValues(teacher: TTeacher | undefined): Partial<Values> {
  if (!teacher) return { activated: true, courseIds: [] };
  const { courses, sin, birthday, hourlyRate, ...rest } = teacher;
  return {
    ...rest,
    sin: sin ?? '',
    colour: rest.colour ?? undefined,
    birthday: birthday ?? undefined,
    hourlyRate: hourlyRate ?? undefined,
    courseIds: courses.map((c) => c.id),
  } as Partial<Values>;
}

/** Create or edit a teacher: the login, the person and the teaching details, in two columns. */
export default function TeacherForm({ open, record, onClose, onSaved }: RecordFormOpenProps<TTeacher>) {
  const [form] = Form.useForm<Values>();
  const { t, max } = useFormRules();
  // Admins see and edit the SIN in clear; everyone else sees it masked.
  const { isAdmin } = useCentre();
  const sinRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = sinProblem(value);
      if (problem) throw new Error(localizeRuleMessage(problem, t));
    },
  };
  // Where the teacher works (issue 23): admins set it, only while the centre has several locations.
  const { locations, many } = useLocations();
  const showSites = useAccess()['locations:manage'] && many;
  const save = async ({ locationIds, ...values }: Values) => {
    const body = { ...values, password: values.password ?? '', courseIds: values.courseIds ?? [] };
    const saved = record ? await updateTeacher(record.id, body) : await createTeacher(body);
    const before = [...(record?.locationIds ?? [])].sort().join();
    if (showSites && [...(locationIds ?? [])].sort().join() !== before)
      await setTeacherLocations(saved.id, locationIds ?? []);
    return saved;
  };

  return (
    <RecordForm<Values>
      kind="teacher"
      history={record && { entity: 'TEACHER', id: record.id }}
      open={open}
      editing={!!record}
      form={form}
      columns={2}
      initialValues={initialValues(record)}
      save={save}
      confirmSave={
        record
          ? undefined
          : (values) =>
              confirmNotDuplicate('teachers', {
                firstName: values.firstName ?? undefined,
                lastName: values.lastName ?? undefined,
                email: values.email ?? undefined,
                phone: values.phone ?? undefined,
              })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <NameFields />
      <ProFormText name="preferredName" label={t('forms.teacher.preferredName')} rules={[max(50)]} />
      <ProFormText name="employeeId" label={t('forms.teacher.employeeId')} rules={[max(40)]} />
      <LoginFields creating={!record} />
      <EmailField required />
      <PhoneField />
      <WechatField />
      <BirthdayField />
      <ProFormText
        name="sin"
        label={t('forms.teacher.sin')}
        tooltip={isAdmin ? undefined : t('forms.teacher.sin.masked')}
        fieldProps={{ autoComplete: 'off' }}
        rules={[sinRule]}
      />
      <ProFormDigit
        name="hourlyRate"
        label={t('forms.teacher.hourlyRate')}
        min={0}
        fieldProps={{ precision: 2, step: 1, style: { width: '100%' } }}
      />
      <ProFormText name="payrollContact" label={t('forms.teacher.payrollContact')} rules={[max(200)]} />
      <ProFormText name="operatingArea" label={t('forms.teacher.operatingArea')} rules={[max(200)]} />
      <CourseSelect
        name="courseIds"
        label={t('forms.teacher.courses')}
        mode="multiple"
        colProps={{ span: 24 }}
        current={record?.courses.map((c) => c.id)}
      />
      {showSites && (
        <ProFormSelect
          name="locationIds"
          label={t('locations.teacher.sites')}
          tooltip={t('locations.teacher.sites.help')}
          mode="multiple"
          placeholder={t('locations.all')}
          colProps={{ span: 24 }}
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
        />
      )}
      <ProFormTextArea
        name="advantage"
        label={t('forms.teacher.advantage')}
        rules={[max(5000)]}
        fieldProps={{ rows: 2 }}
      />
      <ProFormTextArea
        name="disadvantage"
        label={t('forms.teacher.disadvantage')}
        rules={[max(5000)]}
        fieldProps={{ rows: 2 }}
      />
      <ProFormTextArea
        name="feedback"
        label={t('forms.teacher.feedback')}
        rules={[max(5000)]}
        fieldProps={{ rows: 2 }}
        colProps={{ span: 24 }}
      />
      <Col span={12}>
        <ProForm.Item
          name="colour"
          label={t('forms.teacher.colour')}
          getValueFromEvent={(color: Color) => color.toHexString()}
        >
          <ColorPicker format="hex" disabledAlpha showText />
        </ProForm.Item>
      </Col>
      <ProFormSwitch name="activated" label={t('forms.person.activated')} colProps={{ span: 12 }} />
    </RecordForm>
  );
}
