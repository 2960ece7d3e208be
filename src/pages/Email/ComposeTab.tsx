import { ProForm, ProFormCheckbox, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Modal,
  message,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import CourseSelect from '@/components/RecordForm/CourseSelect';
import TeacherSelect from '@/components/RecordForm/TeacherSelect';
import TermSelect from '@/components/RecordForm/TermSelect';
import { useFormRules } from '@/components/RecordForm/useFormRules';
import {
  audienceGroups,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  type TAudience,
  type TAudienceCount,
  type TEmailTemplate,
  type TPreview,
} from '@/contracts/email';
import { showRequestError } from '@/requestErrorConfig';
import BatchProgress from './BatchProgress';
import PlaceholderHelp, { usePlaceholderRule } from './PlaceholderHelp';
import { countAudience, previewEmail, sendEmail, templateOptions } from './service';

interface ComposeValues {
  groups: TAudience['groups'];
  courseId?: number;
  teacherId?: number;
  termId?: number;
  lowBalance?: boolean;
  templateId?: number;
  subject?: string;
  body?: string;
}

const audienceOf = (v: Partial<ComposeValues>): TAudience => ({
  groups: v.groups ?? [],
  courseId: v.courseId ?? null,
  teacherId: v.teacherId ?? null,
  termId: v.termId ?? null,
  lowBalance: !!v.lowBalance,
});

/** Compose: the audience and its live count, a template or own texts, a preview for a real recipient, Send. */
export default function ComposeTab({ onSent }: { onSent?: (batchId: number) => void }) {
  const intl = useIntl();
  const { t, required, max } = useFormRules();
  const placeholderRule = usePlaceholderRule();
  const [form] = Form.useForm<ComposeValues>();
  const [count, setCount] = useState<TAudienceCount>();
  const [counting, setCounting] = useState(false);
  const [templates, setTemplates] = useState<TEmailTemplate[]>([]);
  const [preview, setPreview] = useState<TPreview>();
  const [previewFor, setPreviewFor] = useState<string>();
  const [sentBatch, setSentBatch] = useState<number>();
  const countRequest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    templateOptions()
      .then(setTemplates)
      .catch(() => setTemplates([]));
  }, []);

  const recount = (values: Partial<ComposeValues>) => {
    clearTimeout(timer.current);
    const audience = audienceOf(values);
    if (audience.groups.length === 0) {
      setCount(undefined);
      return;
    }
    timer.current = setTimeout(() => {
      const mine = ++countRequest.current;
      setCounting(true);
      countAudience(audience)
        .then((reply) => mine === countRequest.current && setCount(reply))
        .catch(() => mine === countRequest.current && setCount(undefined))
        .finally(() => mine === countRequest.current && setCounting(false));
    }, 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const onValuesChange = (changed: Partial<ComposeValues>, all: ComposeValues) => {
    if ('templateId' in changed) {
      const template = templates.find((x) => x.id === changed.templateId);
      if (template) form.setFieldsValue({ subject: template.subject, body: template.body });
    }
    if (['groups', 'courseId', 'teacherId', 'termId', 'lowBalance'].some((k) => k in changed)) {
      recount(all);
      setPreviewFor(undefined);
    }
    setPreview(undefined);
  };

  const runPreview = async (chosen = previewFor) => {
    const values = await form.validateFields();
    const [kind, id] = chosen ? chosen.split(':') : [];
    try {
      setPreview(
        await previewEmail({
          audience: audienceOf(values),
          subject: values.subject ?? '',
          body: values.body ?? '',
          recipient: kind ? { kind: kind as 'staff' | 'teacher' | 'student', id: Number(id) } : null,
        }),
      );
    } catch (error) {
      showRequestError(error);
    }
  };

  const send = async () => {
    const values = await form.validateFields();
    const reply = await countAudience(audienceOf(values)).catch((error) => {
      showRequestError(error);
      return undefined;
    });
    if (!reply) return;
    if (reply.recipients === 0) {
      message.error(t('email.compose.nobody'));
      return;
    }
    Modal.confirm({
      title: t('email.compose.confirmTitle'),
      content: t('email.compose.confirm', { count: reply.recipients, subject: values.subject ?? '' }),
      okText: t('email.compose.send'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const batch = await sendEmail({
            audience: audienceOf(values),
            subject: values.subject ?? '',
            body: values.body ?? '',
            templateId: values.templateId ?? null,
          });
          message.success(t('email.compose.queued', { count: batch.recipientCount }));
          setSentBatch(batch.id);
          onSent?.(batch.id);
        } catch (error) {
          showRequestError(error);
        }
      },
    });
  };

  if (sentBatch) {
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <BatchProgress batchId={sentBatch} />
        <Button
          onClick={() => {
            setSentBatch(undefined);
            setPreview(undefined);
          }}
        >
          {t('email.compose.another')}
        </Button>
      </Space>
    );
  }

  const insert = (placeholder: string) => {
    const body = form.getFieldValue('body') ?? '';
    form.setFieldsValue({ body: `${body}${placeholder}` });
    setPreview(undefined);
  };

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <ProForm<ComposeValues>
          form={form}
          layout="vertical"
          submitter={false}
          initialValues={{ groups: ['STUDENTS'], lowBalance: false }}
          onValuesChange={onValuesChange}
          onInit={(_, f) => recount(f.getFieldsValue())}
        >
          <Card size="small" title={t('email.compose.audience')} style={{ marginBottom: 16 }}>
            <ProFormCheckbox.Group
              name="groups"
              label={t('email.compose.groups')}
              rules={[{ required: true, message: t('email.compose.pickGroup') }]}
              options={audienceGroups.map((g) => ({ value: g, label: t(`email.group.${g}`) }))}
            />
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <CourseSelect name="courseId" label={t('email.compose.course')} placeholder={t('email.compose.any')} />
              </Col>
              <Col xs={24} md={8}>
                <TeacherSelect
                  name="teacherId"
                  label={t('email.compose.teacher')}
                  placeholder={t('email.compose.any')}
                />
              </Col>
              <Col xs={24} md={8}>
                <TermSelect name="termId" label={t('email.compose.term')} placeholder={t('email.compose.any')} />
              </Col>
            </Row>
            <ProFormCheckbox name="lowBalance">{t('email.compose.lowBalance')}</ProFormCheckbox>
            <div style={{ color: 'rgba(0,0,0,0.6)' }}>{t('email.compose.filtersHelp')}</div>
          </Card>
          <Card size="small" title={t('email.compose.message')}>
            <ProFormSelect
              name="templateId"
              label={t('email.compose.template')}
              placeholder={t('email.compose.noTemplate')}
              options={templates.map((x) => ({ value: x.id, label: x.name }))}
              fieldProps={{ allowClear: true, showSearch: true, optionFilterProp: 'label' }}
            />
            <ProFormText
              name="subject"
              label={t('email.field.subject')}
              rules={[required(t('email.field.subject')), max(EMAIL_SUBJECT_MAX), placeholderRule]}
            />
            <ProFormTextArea
              name="body"
              label={t('email.field.body')}
              rules={[required(t('email.field.body')), max(EMAIL_BODY_MAX), placeholderRule]}
              fieldProps={{ rows: 8 }}
            />
            <PlaceholderHelp onInsert={insert} />
            <Space style={{ marginTop: 16 }}>
              <Button onClick={() => runPreview()}>{t('email.compose.preview')}</Button>
              <Button type="primary" onClick={send} disabled={!count?.recipients}>
                {t('email.compose.sendTo', { count: count?.recipients ?? 0 })}
              </Button>
            </Space>
          </Card>
        </ProForm>
      </Col>
      <Col xs={24} lg={10}>
        {/* Stays in view while the message is written below. */}
        <div style={{ position: 'sticky', top: 16 }}>
          <Card size="small" title={t('email.compose.recipients')} style={{ marginBottom: 16 }}>
            <Spin spinning={counting}>
              {count ? (
                <>
                  <Statistic value={count.recipients} suffix={t('email.compose.recipientsSuffix')} />
                  <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
                    {audienceGroups.map((g) => (
                      <Descriptions.Item key={g} label={t(`email.group.${g}`)}>
                        {count.byGroup[g]}
                      </Descriptions.Item>
                    ))}
                  </Descriptions>
                  {count.leftOut.optedOut + count.leftOut.noAddress + count.leftOut.duplicate > 0 && (
                    <Alert
                      type="info"
                      showIcon
                      style={{ marginTop: 8 }}
                      message={t('email.compose.leftOut', {
                        optedOut: count.leftOut.optedOut,
                        noAddress: count.leftOut.noAddress,
                        duplicate: count.leftOut.duplicate,
                      })}
                    />
                  )}
                </>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('email.compose.pickGroup')} />
              )}
            </Spin>
          </Card>
          <Card size="small" title={t('email.compose.previewTitle')}>
            <Select
              style={{ width: '100%', marginBottom: 12 }}
              aria-label={t('email.compose.previewTitle')}
              placeholder={t('email.compose.previewFirst')}
              allowClear
              showSearch
              optionFilterProp="label"
              value={previewFor}
              onChange={(value?: string) => {
                setPreviewFor(value);
                if (preview) void runPreview(value);
              }}
              options={(count?.sample ?? []).map((r) => ({
                value: `${r.kind}:${r.id}`,
                label: `${r.name || r.email} <${r.email}>`,
              }))}
            />
            {preview ? (
              <div className="email-preview">
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('email.preview.to')}>
                    {`${preview.recipient.name} <${preview.recipient.email}>`}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('email.field.subject')}>{preview.subject}</Descriptions.Item>
                </Descriptions>
                <div
                  style={{
                    whiteSpace: 'pre-wrap',
                    border: '1px solid #f0f0f0',
                    borderRadius: 6,
                    padding: 12,
                    background: '#fafafa',
                    maxHeight: 360,
                    overflow: 'auto',
                  }}
                >
                  {preview.body}
                </div>
              </div>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={intl.formatMessage({ id: 'email.compose.previewHint' })}
              />
            )}
          </Card>
        </div>
      </Col>
    </Row>
  );
}
