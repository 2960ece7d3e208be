import { useIntl } from '@umijs/max';
import { Alert, DatePicker, Form, Modal, Radio, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import type { Query } from '@/services/http';
import { downloadFile } from '@/utils/download';
import { failureText } from './labels';

type Kind = 'week' | 'range' | 'attendance';
type Range = [Dayjs | null, Dayjs | null] | null;

export interface DownloadDialogProps {
  open: boolean;
  onClose: () => void;
  /** The table's current filters (status, student, teacher, notification status, from/to). */
  filters: Query;
}

const day = (d: Dayjs) => d.format('YYYY-MM-DD');
/** The filters a download takes besides its own dates. */
const withoutDates = ({ from: _f, to: _t, sortField: _s, sortOrder: _o, ...rest }: Query) => rest;

/**
 * Downloads the classes of a week (its Monday), of a range of at most 31 days, or the attendance
 * export of the table's date range and filters. The server checks the dates: its refusal is shown
 * as it words it ("Pick a Monday and try again").
 */
export default function DownloadDialog({ open, onClose, filters }: DownloadDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [kind, setKind] = useState<Kind>('week');
  const [monday, setMonday] = useState<Dayjs | null>(null);
  const [range, setRange] = useState<Range>(null);
  const [attendanceRange, setAttendanceRange] = useState<Range>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setError(undefined);
    // The attendance export starts from the table's own date filter.
    const { from, to } = filters;
    setAttendanceRange(from && to ? [dayjs(String(from)), dayjs(String(to))] : null);
  }, [open, filters]);

  const request = (): { url: string; query: Query; name: string } | string => {
    if (kind === 'week') {
      if (!monday) return t('scheduleViews.download.pickDay');
      return {
        url: '/api/schedules/download/week',
        query: { ...withoutDates(filters), monday: day(monday) },
        name: `schedules-${day(monday)}.xlsx`,
      };
    }
    const [from, to] = (kind === 'range' ? range : attendanceRange) ?? [];
    if (!from || !to) return t('scheduleViews.download.pickRange');
    const dates = { from: day(from), to: day(to) };
    return kind === 'range'
      ? {
          url: '/api/schedules/download/range',
          query: { ...withoutDates(filters), ...dates },
          name: `schedules-${dates.from}-${dates.to}.xlsx`,
        }
      : {
          url: '/api/schedules/attendance/export',
          query: { ...withoutDates(filters), ...dates },
          name: `attendance-${dates.from}-${dates.to}.xlsx`,
        };
  };

  const download = async () => {
    const chosen = request();
    if (typeof chosen === 'string') return setError(chosen);
    setBusy(true);
    setError(undefined);
    try {
      await downloadFile(chosen.url, chosen.query, chosen.name);
      onClose();
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('scheduleViews.download.title')}
      okText={t('scheduleViews.download.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={download}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('scheduleViews.download.what')}>
          <Radio.Group
            optionType="button"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setError(undefined);
            }}
            options={[
              { value: 'week', label: t('scheduleViews.download.week') },
              { value: 'range', label: t('scheduleViews.download.range') },
              { value: 'attendance', label: t('scheduleViews.download.attendance') },
            ]}
          />
        </Form.Item>
        {kind === 'week' && (
          <Form.Item label={t('scheduleViews.download.monday')} help={t('scheduleViews.download.weekHelp')}>
            <DatePicker value={monday} onChange={setMonday} style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'range' && (
          <Form.Item label={t('scheduleViews.download.dates')} help={t('scheduleViews.download.rangeHelp')}>
            <DatePicker.RangePicker value={range} onChange={setRange} />
          </Form.Item>
        )}
        {kind === 'attendance' && (
          <Form.Item label={t('scheduleViews.download.dates')} help={t('scheduleViews.download.attendanceHelp')}>
            <DatePicker.RangePicker value={attendanceRange} onChange={setAttendanceRange} />
          </Form.Item>
        )}
        {Object.keys(withoutDates(filters)).filter((k) => k !== 'current' && k !== 'pageSize').length > 0 && (
          <Typography.Paragraph type="secondary">{t('scheduleViews.download.filtered')}</Typography.Paragraph>
        )}
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginTop: 8 }} />}
    </Modal>
  );
}
