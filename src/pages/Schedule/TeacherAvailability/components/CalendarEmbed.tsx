import { useIntl } from '@umijs/max';
import { Button, Card, Form, Input, message, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TAvailability } from '@/contracts/schedules';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { toRequestFailure } from '@/utils/requestError';

export interface CalendarEmbedProps {
  availability: TAvailability;
  save: (calendarEmbedUrl: string | null) => Promise<TAvailability>;
  onSaved: (availability: TAvailability) => void;
}

/** A teacher's public Google Calendar: its embed link, and the calendar itself once set. */
export default function CalendarEmbed({ availability, save, onSaved }: CalendarEmbedProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [link, setLink] = useState(availability.calendarEmbedUrl ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setLink(availability.calendarEmbedUrl ?? '');
    setError(undefined);
  }, [availability.calendarEmbedUrl]);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await save(link.trim() || null));
      message.success(t('scheduleViews.availability.embedSaved'));
    } catch (failure) {
      if (toRequestFailure(failure).status === 401) showRequestError(failure);
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('scheduleViews.availability.embed')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">{t('scheduleViews.availability.embedHelp')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('scheduleViews.availability.embedLink')}
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input
            value={link}
            onChange={(e) => setLink(e.target.value)}
            placeholder={t('scheduleViews.availability.embedPlaceholder')}
            maxLength={500}
            allowClear
          />
        </Form.Item>
        {/* The page's one Save is the availability's; this button says what it does (issue 19). */}
        <Button htmlType="submit" loading={busy}>
          {t('names.availability.showCalendar')}
        </Button>
      </Form>
      {availability.calendarEmbedUrl && (
        <iframe
          title={t('scheduleViews.availability.embedTitle')}
          src={availability.calendarEmbedUrl}
          style={{ border: 0, width: '100%', height: 600, marginTop: 16 }}
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      )}
    </Card>
  );
}
