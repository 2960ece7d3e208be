import { useIntl } from '@umijs/max';
import { Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { TStudent } from '@/contracts/students';
import { useFormat } from '@/utils/useFormat';

/** The student's record, read only. */
export default function DetailInformation({ student: s }: { student: TStudent }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const format = useFormat();
  const none = t('common.none');
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  const item = (id: string, value: ReactNode, span?: number) => (
    <Descriptions.Item key={id} label={t(`pages.studentDashboard.${id}`)} span={span}>
      {value === null || value === undefined || value === '' ? none : value}
    </Descriptions.Item>
  );
  return (
    <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
      {item('studentId', s.studentId)}
      <Descriptions.Item label={t('common.status')}>
        {s.active ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>}
      </Descriptions.Item>
      {item('firstName', s.firstName)}
      {item('lastName', s.lastName)}
      {item('email', s.email)}
      {item('phone', s.phone)}
      {item('wechat', s.wechat)}
      {item('startDate', format.date(s.startDate))}
      {item('referrer', s.referrer?.name)}
      {item('hourlyRate', format.money(s.hourlyRate))}
      {item('allowSms', yesNo(s.allowSms))}
      {item('allowEmail', yesNo(s.allowEmail))}
      {item('feedbackEmail', s.feedbackEmail)}
      {item('feedbackNotification', yesNo(s.feedbackNotification))}
      <Descriptions.Item label={t('common.comments')} span={2}>
        {s.comments || none}
      </Descriptions.Item>
    </Descriptions>
  );
}
