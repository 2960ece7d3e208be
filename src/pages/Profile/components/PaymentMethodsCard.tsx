import { CloseOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Button, Card, Form, Input, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TVoucherPaymentMethods } from '@/contracts/voucher-payment-methods';
import { METHOD_IDS } from '@/pages/VoucherPurchaseHistory/paymentMethods';
import { saveVoucherPaymentMethods, voucherPaymentMethods } from '@/services/vouchers';
import { runWithMessages } from '@/utils/runWithMessages';

/**
 * The centre's voucher payment methods (admins): the built-in ones shown, the centre's own added and
 * removed, saved together. A removed method stays on the purchases that used it.
 */
export default function PaymentMethodsCard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<{ extras: string[] }>();
  const [loaded, setLoaded] = useState<TVoucherPaymentMethods>();
  const [extras, setExtras] = useState<string[]>([]);
  const [draft, setDraft] = useState('');

  useEffect(() => {
    voucherPaymentMethods()
      .then((methods) => {
        setLoaded(methods);
        setExtras(methods.extras);
      })
      .catch(() => undefined);
  }, []);

  const add = () => {
    const name = draft.trim();
    if (!name) return;
    // The same name twice would be refused by the server anyway.
    setExtras((list) => (list.includes(name) ? list : [...list, name]));
    setDraft('');
  };
  const save = async () => {
    await runWithMessages(
      'update',
      async () => {
        const saved = await saveVoucherPaymentMethods({ extras });
        setExtras(saved.extras);
      },
      { instance: form, fields: ['extras', ...extras.map((_, i) => `extras.${i}`)] },
    );
  };

  return (
    <Card title={t('vouchers.methods.title')} data-testid="payment-method-settings">
      {loaded ? (
        <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }}>
          <Typography.Paragraph type="secondary">{t('vouchers.methods.help')}</Typography.Paragraph>
          <Form.Item label={t('vouchers.methods.builtIn')}>
            <Space wrap>
              {loaded.builtIn.map((code) => (
                <Tag key={code}>{t(METHOD_IDS[code])}</Tag>
              ))}
            </Space>
          </Form.Item>
          <Form.Item label={t('vouchers.methods.extras')} name="extras">
            <Space wrap>
              {extras.length === 0 && <Typography.Text type="secondary">{t('vouchers.methods.none')}</Typography.Text>}
              {extras.map((name) => (
                <Tag key={name} color="blue" style={{ paddingInlineEnd: 0 }}>
                  {name}
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={t('vouchers.methods.remove', { name })}
                    onClick={() => setExtras((list) => list.filter((other) => other !== name))}
                  />
                </Tag>
              ))}
            </Space>
          </Form.Item>
          <Form.Item label={t('vouchers.methods.name')} htmlFor="new-payment-method">
            <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
              <Input
                id="new-payment-method"
                value={draft}
                maxLength={50}
                onChange={(event) => setDraft(event.target.value)}
                onPressEnter={(event) => {
                  event.preventDefault();
                  add();
                }}
              />
              <Button onClick={add} disabled={!draft.trim()}>
                {t('vouchers.methods.add')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
        </Form>
      ) : (
        <Spin />
      )}
    </Card>
  );
}
