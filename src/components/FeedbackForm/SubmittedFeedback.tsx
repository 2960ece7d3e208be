import { useIntl } from '@umijs/max';
import { Alert, Card, Flex, Typography } from 'antd';
import type { TClassFeedback } from '@/contracts/feedback';
import { useFormat } from '@/utils/useFormat';
import { MessageTag } from './StatusTags';
import type { FeedbackAccess } from './service';

const pre = { whiteSpace: 'pre-wrap', marginBottom: 12 } as const;

/** Submitted feedback, read-only: the sections, each student's text and their family's email status. */
export default function SubmittedFeedback({ feedback, access }: { feedback: TClassFeedback; access: FeedbackAccess }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  return (
    <>
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('feedback.submittedBy', {
          who: feedback.submittedBy ?? t('common.none'),
          when: feedback.submittedAt ? format.dateTime(feedback.submittedAt) : '',
        })}
      />
      {(['teachingContent', 'studentPerformance', 'assignment'] as const).map((field) => (
        <div key={field}>
          <Typography.Text strong>{t(`feedback.field.${field}`)}</Typography.Text>
          <Typography.Paragraph style={pre}>{feedback[field] || t('common.none')}</Typography.Paragraph>
        </div>
      ))}
      {feedback.students.length > 0 && <Typography.Title level={5}>{t('feedback.students')}</Typography.Title>}
      <Flex vertical gap={8}>
        {feedback.students.map((st) => (
          <Card key={st.id} size="small" data-testid={`feedback-student-${st.id}`}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong>{st.name}</Typography.Text>
              {st.message ? (
                <MessageTag status={st.message.status} t={t} />
              ) : (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('feedback.notEmailed')}
                </Typography.Text>
              )}
            </Flex>
            {access === 'operator' && st.recipient && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {st.recipient}
              </Typography.Text>
            )}
            <Typography.Paragraph style={{ ...pre, marginTop: 4, marginBottom: 0 }}>
              {st.content || t('common.none')}
            </Typography.Paragraph>
            {st.message?.error && (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {st.message.error}
              </Typography.Text>
            )}
          </Card>
        ))}
      </Flex>
    </>
  );
}
