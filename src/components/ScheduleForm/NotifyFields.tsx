import { Checkbox, Typography } from 'antd';
import type { TNotifyChoice, TTold } from '@/contracts/class-notices';

type T = (id: string, values?: Record<string, string | number>) => string;

/** Both ticked: what every move, change and cancellation starts from. */
export const NOTIFY_EVERYONE: TNotifyChoice = { teacher: true, families: true };

/** "Notify the teacher / the families" for a move, a change or a cancellation. */
export default function NotifyFields({
  value,
  onChange,
  t,
}: {
  value: TNotifyChoice;
  onChange: (next: TNotifyChoice) => void;
  t: T;
}) {
  return (
    <fieldset className="notify-fields" style={{ border: 0, padding: 0, margin: '12px 0 0' }}>
      <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 4, border: 0 }}>{t('notify.legend')}</legend>
      <Checkbox checked={value.teacher} onChange={(event) => onChange({ ...value, teacher: event.target.checked })}>
        {t('notify.teacher')}
      </Checkbox>
      <Checkbox checked={value.families} onChange={(event) => onChange({ ...value, families: event.target.checked })}>
        {t('notify.families')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
        {t('notify.hint')}
      </Typography.Paragraph>
    </fieldset>
  );
}

/** "The teacher and 2 families were told." from a reply's `told`; empty when the reply has none. */
export function toldText(t: T, told: TTold | undefined): string {
  if (!told) return '';
  const { teachers, families } = told;
  if (teachers && families)
    return teachers === 1
      ? t('notify.told.teacherFamilies', { families })
      : t('notify.told.teachersFamilies', { teachers, families });
  if (teachers) return teachers === 1 ? t('notify.told.teacher') : t('notify.told.teachers', { teachers });
  if (families) return t('notify.told.families', { families });
  return t('notify.told.nobody');
}
