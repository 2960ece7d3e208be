import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Card, Col, Form, Input, InputNumber, message, Row, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { runBillingWrite } from '@/components/BillingModal/messages';
import type { TBillingSettings } from '@/contracts/billing';
import { getSettings, putSettings } from './service';

type Values = Omit<TBillingSettings, 'currency'>;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const MAX_TIERS = 50;
const FIELD_OF_SETTINGS = /^(minimumCharge|dueDays|tiers(\.\d+(\.(fromStudents|pricePerStudent))?)?)$/;

/**
 * The platform's price list: per-student price tiers by the centre's number of students (volume
 * pricing: the tier the count falls in prices every student), the minimum charge and the due days.
 */
export default function PriceListTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const [settings, setSettings] = useState<TBillingSettings>();
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    getSettings()
      .then((reply) => {
        setSettings(reply);
        form.setFieldsValue({ minimumCharge: reply.minimumCharge, dueDays: reply.dueDays, tiers: reply.tiers });
      })
      .catch(() => setFailed(true));
  }, [form]);
  useEffect(load, [load]);

  const required = (label: string) => ({ required: true, message: t('forms.rule.required', { label }) });
  const money = {
    validator: async (_rule: unknown, value?: string) => {
      if (value && !MONEY.test(String(value).trim())) throw new Error(t('billingCycles.rule.money'));
    },
  };
  const save = async (values: Values) => {
    setSaving(true);
    let saved: TBillingSettings | undefined;
    const ok = await runBillingWrite(
      async () => {
        saved = await putSettings({
          minimumCharge: String(values.minimumCharge).trim(),
          dueDays: values.dueDays,
          tiers: values.tiers.map((tier) => ({ ...tier, pricePerStudent: String(tier.pricePerStudent).trim() })),
        });
      },
      'billingCycles.prices.failed',
      { instance: form, fields: (field) => FIELD_OF_SETTINGS.test(field) },
    );
    setSaving(false);
    if (ok && saved) {
      setSettings(saved);
      form.setFieldsValue({ minimumCharge: saved.minimumCharge, dueDays: saved.dueDays, tiers: saved.tiers });
      message.success(t('billingCycles.prices.done'));
    }
  };

  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        message={t('billingCycles.loadFailed')}
        action={<Button onClick={load}>{t('common.retry')}</Button>}
      />
    );
  return (
    // The form stays mounted while loading (its values are set into it), under a spinner.
    <Card className="price-list">
      <Spin spinning={!settings}>
        <Form<Values> form={form} name="priceList" layout="vertical" onFinish={save} style={{ maxWidth: 640 }}>
          <Typography.Paragraph type="secondary">
            {t('billingCycles.prices.help', { currency: settings?.currency ?? '' })}
          </Typography.Paragraph>
          <Form.List name="tiers">
            {(fields, { add, remove }, { errors }) => (
              <>
                <Row gutter={12} style={{ fontWeight: 500, marginBottom: 8 }}>
                  <Col span={10}>{t('billingCycles.field.fromStudents')}</Col>
                  <Col span={10}>{t('billingCycles.field.pricePerStudent')}</Col>
                </Row>
                {fields.map((field, index) => (
                  <Row gutter={12} key={field.key} className="price-tier">
                    <Col span={10}>
                      <Form.Item
                        name={[field.name, 'fromStudents']}
                        rules={[required(t('billingCycles.field.fromStudents'))]}
                      >
                        <InputNumber
                          min={0}
                          precision={0}
                          disabled={index === 0}
                          style={{ width: '100%' }}
                          aria-label={t('billingCycles.field.fromStudents')}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={10}>
                      <Form.Item
                        name={[field.name, 'pricePerStudent']}
                        rules={[required(t('billingCycles.field.pricePerStudent')), money]}
                      >
                        <Input
                          inputMode="decimal"
                          prefix={settings?.currency}
                          aria-label={t('billingCycles.field.pricePerStudent')}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={4}>
                      {index > 0 && (
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('billingCycles.prices.removeTier')}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </Col>
                  </Row>
                ))}
                <Form.ErrorList errors={errors} />
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_TIERS}
                  onClick={() => {
                    const tiers = (form.getFieldValue('tiers') ?? []) as Values['tiers'];
                    const last = tiers[tiers.length - 1];
                    add({
                      fromStudents: (last?.fromStudents ?? 0) + 100,
                      pricePerStudent: last?.pricePerStudent ?? '',
                    });
                  }}
                  style={{ marginBottom: 24 }}
                >
                  {t('billingCycles.prices.addTier')}
                </Button>
              </>
            )}
          </Form.List>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="minimumCharge"
                label={t('billingCycles.field.minimumCharge')}
                rules={[required(t('billingCycles.field.minimumCharge')), money]}
              >
                <Input inputMode="decimal" prefix={settings?.currency} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="dueDays"
                label={t('billingCycles.field.dueDays')}
                tooltip={t('billingCycles.field.dueDays.help')}
                rules={[required(t('billingCycles.field.dueDays'))]}
              >
                <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common.save')}
            </Button>
            <Button onClick={load}>{t('billingCycles.prices.reset')}</Button>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
