import { useIntl } from '@umijs/max';
import { Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TNotifyChoice } from '@/contracts/class-notices';
import type { TEditScope } from '@/contracts/schedules';
import NotifyFields, { NOTIFY_EVERYONE } from './NotifyFields';

export type TRateScope = 'future' | 'all';
export interface ScopeChoice {
  scope: TEditScope;
  /** Asked only when an hourly rate changed: the seed's two scopes for rates. */
  rateScope?: TRateScope;
  /** Asked for a move: whom to tell. */
  notify?: TNotifyChoice;
}

export interface ScopeDialogProps {
  open: boolean;
  /** Also ask which classes the new hourly rates apply to. */
  rates?: boolean;
  /** A move on the calendar, rather than an edit in the form (only the title differs). */
  move?: boolean;
  /** Also ask whom to tell (a calendar move). */
  notify?: boolean;
  /** The class belongs to a series: ask which of its classes (false: only the notify question). */
  series?: boolean;
  /** What the change is, shown first ("New time: ..."). */
  detail?: string;
  onChoose: (choice: ScopeChoice) => void;
  onCancel: () => void;
}

/** Locale ids, written out so the locale test sees each. */
const SCOPE_IDS: Record<TEditScope, string> = {
  this: 'schedules.scope.this',
  following: 'schedules.scope.following',
  all: 'schedules.scope.all',
};
const RATE_SCOPE_IDS: Record<TRateScope, string> = {
  future: 'schedules.rateScope.future',
  all: 'schedules.rateScope.all',
};

/** "Which classes of the series?" for a change to one occurrence: this one, this and following, or all. */
export default function ScopeDialog({
  open,
  rates = false,
  move = false,
  notify: askNotify = false,
  series = true,
  detail,
  onChoose,
  onCancel,
}: ScopeDialogProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [scope, setScope] = useState<TEditScope>('this');
  const [rateScope, setRateScope] = useState<TRateScope>('future');
  const [notify, setNotify] = useState<TNotifyChoice>(NOTIFY_EVERYONE);
  useEffect(() => {
    if (open) {
      setScope('this');
      setRateScope('future');
      setNotify(NOTIFY_EVERYONE);
    }
  }, [open]);
  return (
    <Modal
      open={open}
      title={t(!series ? 'notify.moveTitle' : move ? 'schedules.scope.moveTitle' : 'schedules.scope.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => onChoose({ scope, ...(rates ? { rateScope } : {}), ...(askNotify ? { notify } : {}) })}
      onCancel={onCancel}
      destroyOnClose
      wrapClassName="schedule-scope"
      zIndex={1100}
      width={460}
    >
      {detail && <Typography.Paragraph strong>{detail}</Typography.Paragraph>}
      {series && (
        <>
          <Typography.Paragraph>{t('schedules.scope.intro')}</Typography.Paragraph>
          <Radio.Group value={scope} onChange={(event) => setScope(event.target.value)}>
            <Space direction="vertical">
              {(Object.keys(SCOPE_IDS) as TEditScope[]).map((value) => (
                <Radio key={value} value={value} autoFocus={value === 'this'}>
                  {t(SCOPE_IDS[value])}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </>
      )}
      {rates && (
        <>
          <Typography.Paragraph style={{ marginTop: 16 }}>{t('schedules.rateScope.intro')}</Typography.Paragraph>
          <Radio.Group value={rateScope} onChange={(event) => setRateScope(event.target.value)}>
            <Space direction="vertical">
              {(Object.keys(RATE_SCOPE_IDS) as TRateScope[]).map((value) => (
                <Radio key={value} value={value}>
                  {t(RATE_SCOPE_IDS[value])}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </>
      )}
      {askNotify && (
        <NotifyFields value={notify} onChange={setNotify} t={(id, values) => intl.formatMessage({ id }, values)} />
      )}
    </Modal>
  );
}
