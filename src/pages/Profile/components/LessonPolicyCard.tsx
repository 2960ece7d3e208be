import { useIntl } from '@umijs/max';
import { Form, InputNumber, Switch } from 'antd';
import SettingCard from '@/components/SettingCard';
import type { TLessonPolicy } from '@/contracts/lessons';
import { lessonPolicy, saveLessonPolicy } from '@/services/lessons';

const FIELDS: readonly (keyof TLessonPolicy)[] = [
  'noticeHours',
  'lateCancelPercent',
  'creditOnTimelyCancel',
  'creditOnLateCancel',
  'makeUpQuota',
  'makeUpExpiryDays',
  'payTeacherLateCancel',
  'noShowPercent',
  'offerHoldHours',
];

/** Whole numbers with their limits (the contract's), the unit after the box. */
const NUMBERS: Partial<Record<keyof TLessonPolicy, { min: number; max: number; unit: string }>> = {
  noticeHours: { min: 0, max: 720, unit: 'lessons.policy.unit.hours' },
  lateCancelPercent: { min: 0, max: 100, unit: 'lessons.policy.unit.percent' },
  makeUpQuota: { min: 0, max: 100, unit: 'lessons.policy.unit.credits' },
  makeUpExpiryDays: { min: 1, max: 3650, unit: 'lessons.policy.unit.days' },
  noShowPercent: { min: 0, max: 100, unit: 'lessons.policy.unit.percent' },
  offerHoldHours: { min: 1, max: 168, unit: 'lessons.policy.unit.hours' },
};

/**
 * The centre's lesson policy (admins; audited): the notice window, what a late cancellation and a
 * no-show cost, make-up credits (when earned, how many per term, how long they last), the teacher's
 * pay for a late cancellation and how long a freed seat is held. Each with what it means.
 */
export default function LessonPolicyCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <SettingCard<TLessonPolicy>
      title={t('lessons.policy.title')}
      testId="lesson-policy"
      help={t('lessons.policy.help')}
      load={lessonPolicy}
      save={saveLessonPolicy}
      fields={FIELDS}
      maxWidth={560}
    >
      {() =>
        FIELDS.map((field) => {
          const number = NUMBERS[field];
          return (
            <Form.Item
              key={field}
              name={field}
              label={t(`lessons.policy.${field}`)}
              extra={t(`lessons.policy.${field}.help`)}
              valuePropName={number ? 'value' : 'checked'}
              rules={number ? [{ required: true, message: t('lessons.policy.required') }] : undefined}
            >
              {number ? (
                <InputNumber min={number.min} max={number.max} precision={0} addonAfter={t(number.unit)} />
              ) : (
                <Switch />
              )}
            </Form.Item>
          );
        })
      }
    </SettingCard>
  );
}
