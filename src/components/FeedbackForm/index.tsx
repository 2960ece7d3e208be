import { DownloadOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Drawer, Flex, Form, Grid, Input, message, Popconfirm, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { TClassFeedback, TFeedbackBody, TFeedbackEmail } from '@/contracts/feedback';
import { FEEDBACK_TEXT_MAX } from '@/contracts/feedback-limits';
import { failureText } from '@/pages/Schedule/TableView/components/labels';
import { showRequestError } from '@/requestErrorConfig';
import { toRequestFailure } from '@/utils/requestError';
import { useFormat } from '@/utils/useFormat';
import PreviewModal from './PreviewModal';
import { MessageTag, NotificationTag } from './StatusTags';
import SubmittedFeedback from './SubmittedFeedback';
import {
  downloadFeedbackPdf,
  type FeedbackAccess,
  getFeedback,
  previewFeedback,
  retryFeedback,
  saveFeedback,
  submitFeedback,
} from './service';

export interface FeedbackDrawerProps {
  open: boolean;
  /** The class whose feedback is open. */
  scheduleId?: number;
  access: FeedbackAccess;
  onClose: () => void;
  /** After a save, submit or retry (the caller may reload its list). */
  onChanged?: (feedback: TClassFeedback) => void;
}

interface Values {
  teachingContent: string;
  studentPerformance: string;
  assignment: string;
  students: Record<string, string>;
}

type Load = { state: 'loading' } | { state: 'loaded'; feedback: TClassFeedback } | { state: 'failed' };
type Busy = 'save' | 'preview' | 'submit' | 'retry' | 'pdf' | undefined;
const touch = { height: 44 };

/**
 * The class and student feedback of one class, for a teacher (their own class, on a phone: a sheet
 * from the bottom) and an operator (any class, a side drawer): write, save a draft, preview the
 * families' emails, submit (locks it and queues the emails), download the PDF; retry failed emails.
 */
export default function FeedbackDrawer({ open, scheduleId, access, onClose, onChanged }: FeedbackDrawerProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const phone = !Grid.useBreakpoint().md;
  const [form] = Form.useForm<Values>();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busy, setBusy] = useState<Busy>();
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<TFeedbackEmail[]>();

  const show = useCallback(
    (feedback: TClassFeedback) => {
      setLoad({ state: 'loaded', feedback });
      form.setFieldsValue({
        teachingContent: feedback.teachingContent,
        studentPerformance: feedback.studentPerformance,
        assignment: feedback.assignment,
        students: Object.fromEntries(feedback.students.map((s) => [String(s.id), s.content])),
      });
    },
    [form],
  );
  const fetch = useCallback(() => {
    if (!open || scheduleId === undefined) return;
    let live = true;
    setLoad({ state: 'loading' });
    setError(undefined);
    getFeedback(access, scheduleId)
      .then((feedback) => live && show(feedback))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [open, access, scheduleId, show]);
  useEffect(fetch, [fetch]);

  const feedback = load.state === 'loaded' ? load.feedback : undefined;
  const body = (): TFeedbackBody => {
    const values = form.getFieldsValue(true) as Values;
    return {
      teachingContent: values.teachingContent ?? '',
      studentPerformance: values.studentPerformance ?? '',
      assignment: values.assignment ?? '',
      students: (feedback?.students ?? []).map((s) => ({
        studentId: s.id,
        content: values.students?.[String(s.id)] ?? '',
      })),
    };
  };
  const run = async <R,>(kind: Busy, work: () => Promise<R>, done: (reply: R) => void) => {
    setBusy(kind);
    setError(undefined);
    try {
      done(await work());
    } catch (failure) {
      if (toRequestFailure(failure).status === 401) showRequestError(failure);
      else setError(failureText(failure, t));
    } finally {
      setBusy(undefined);
    }
  };
  const changed = (successId: string) => (saved: TClassFeedback) => {
    show(saved);
    message.success(t(successId));
    onChanged?.(saved);
  };

  const id = scheduleId ?? 0;
  const locked = !!feedback?.submittedAt;
  const families = feedback?.students.filter((s) => s.optedIn).length ?? 0;
  const pdf = (
    <Button
      icon={<DownloadOutlined />}
      loading={busy === 'pdf'}
      onClick={() =>
        run(
          'pdf',
          () => downloadFeedbackPdf(access, id),
          () => undefined,
        )
      }
      style={phone ? touch : undefined}
    >
      {t('feedback.pdf')}
    </Button>
  );
  const footer = !feedback ? null : locked ? (
    <Flex gap={8} wrap justify="end">
      {pdf}
      {access === 'operator' && feedback.schedule.notificationStatus === 'SEND_FAILED' && (
        <Button
          type="primary"
          loading={busy === 'retry'}
          onClick={() => run('retry', () => retryFeedback(id), changed('feedback.retried'))}
        >
          {t('feedback.retry')}
        </Button>
      )}
    </Flex>
  ) : (
    <Flex gap={8} wrap justify={phone ? 'stretch' : 'end'}>
      <Button
        style={phone ? { ...touch, flex: 1 } : undefined}
        loading={busy === 'save'}
        onClick={() => run('save', () => saveFeedback(access, id, body()), changed('feedback.saved'))}
      >
        {t('feedback.saveDraft')}
      </Button>
      <Button
        style={phone ? { ...touch, flex: 1 } : undefined}
        loading={busy === 'preview'}
        onClick={() =>
          run(
            'preview',
            () => previewFeedback(access, id, body()),
            (reply) => setPreview(reply.emails),
          )
        }
      >
        {t('feedback.preview')}
      </Button>
      <Popconfirm
        title={t('feedback.submitQuestion')}
        description={t('feedback.submitDescription', { count: families })}
        okText={t('feedback.submit')}
        cancelText={t('common.cancel')}
        onConfirm={() => run('submit', () => submitFeedback(access, id, body()), changed('feedback.submitted'))}
        disabled={feedback.schedule.status !== 'COMPLETED'}
      >
        <Button
          type="primary"
          style={phone ? { ...touch, flex: '1 1 100%' } : undefined}
          loading={busy === 'submit'}
          disabled={feedback.schedule.status !== 'COMPLETED'}
          title={feedback.schedule.status !== 'COMPLETED' ? t('feedback.notCompleted') : undefined}
        >
          {t('feedback.submit')}
        </Button>
      </Popconfirm>
    </Flex>
  );

  const content = () => {
    if (load.state === 'loading') return <Spin style={{ display: 'block', margin: 48 }} />;
    if (load.state === 'failed' || !feedback) {
      return (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          extra={<Button onClick={fetch}>{t('common.retry')}</Button>}
        />
      );
    }
    const s = feedback.schedule;
    return (
      <>
        <Flex justify="space-between" align="start" gap={8} style={{ marginBottom: 12 }}>
          <div>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {s.course.name}
            </Typography.Text>
            <div>{`${format.dateTime(s.startAt)}–${format.dateTime(s.endAt).slice(11)}`}</div>
            <Typography.Text type="secondary">{s.teacher.name}</Typography.Text>
          </div>
          <NotificationTag status={s.notificationStatus} t={t} />
        </Flex>
        {s.status !== 'COMPLETED' && !locked && (
          <Alert type="info" showIcon message={t('feedback.notCompleted')} style={{ marginBottom: 12 }} />
        )}
        {locked ? (
          <SubmittedFeedback feedback={feedback} access={access} />
        ) : (
          <Form form={form} layout="vertical" requiredMark={false}>
            {(['teachingContent', 'studentPerformance', 'assignment'] as const).map((field) => (
              <Form.Item key={field} name={field} label={t(`feedback.field.${field}`)} style={{ marginBottom: 12 }}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={FEEDBACK_TEXT_MAX} showCount />
              </Form.Item>
            ))}
            {feedback.students.length > 0 && <Typography.Title level={5}>{t('feedback.students')}</Typography.Title>}
            {feedback.students.map((st) => (
              <Form.Item
                key={st.id}
                name={['students', String(st.id)]}
                label={
                  <Flex gap={8} align="center" wrap>
                    <span>{st.name}</span>
                    <Typography.Text type={st.optedIn ? 'success' : 'secondary'} style={{ fontSize: 12 }}>
                      {t(st.optedIn ? 'feedback.emailed' : 'feedback.notEmailed')}
                    </Typography.Text>
                    {st.message && <MessageTag status={st.message.status} t={t} />}
                  </Flex>
                }
                style={{ marginBottom: 12 }}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={FEEDBACK_TEXT_MAX} />
              </Form.Item>
            ))}
            <Flex justify="end">{pdf}</Flex>
          </Form>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginTop: 12 }} />}
      </>
    );
  };

  return (
    <Drawer
      open={open && scheduleId !== undefined}
      onClose={onClose}
      placement={phone ? 'bottom' : 'right'}
      height={phone ? '92%' : undefined}
      width={phone ? undefined : 640}
      title={t('feedback.title')}
      destroyOnHidden
      footer={footer}
      styles={phone ? { body: { padding: 16 } } : undefined}
    >
      {content()}
      <PreviewModal emails={preview} onClose={() => setPreview(undefined)} />
    </Drawer>
  );
}
