import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Input, message, Popconfirm, Select, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TPortalSettings, TPortalSettingsBody } from '@/contracts/portal-settings';
import { familyFeed, makeFamilyFeed, portalSettings, revokeFamilyFeed, savePortalSettings } from '@/services/portal';
import { followChosenLanguage } from '@/utils/personLanguage';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import MessageChoices from './components/MessageChoices';
import { Failed, useLoad, useT } from './components/shared';
import YourDataCard from './components/YourDataCard';

const FIELDS = [
  'email',
  'phone',
  'langKey',
  'allowEmail',
  'allowSms',
  'lessonReminders',
  'monthlyStatements',
  'messages',
];

/** How the centre reaches this guardian, in which language, by which channels; the family's reminders. */
function MessagesCard({ settings, onSaved }: { settings: TPortalSettings; onSaved: (s: TPortalSettings) => void }) {
  const t = useT();
  const fmt = useFormat();
  const [form] = Form.useForm<TPortalSettingsBody>();
  const emailAllowed = Form.useWatch('allowEmail', form) ?? settings.allowEmail;
  const smsAllowed = Form.useWatch('allowSms', form) ?? settings.allowSms;
  const save = async (values: TPortalSettingsBody) => {
    let saved: TPortalSettings | undefined;
    const ok = await runWithMessages('update', async () => (saved = await savePortalSettings(values)), {
      instance: form,
      fields: FIELDS,
    });
    if (!ok || !saved) return;
    onSaved(saved);
    // The language chosen here is the screens' language too, in this tab at once (issue 37, finding 8).
    await followChosenLanguage({ langKey: saved.langKey, languageChosen: true });
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('portal.settings.messages')}</h2>}>
      <Form<TPortalSettingsBody>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{
          email: settings.email ?? '',
          phone: settings.phone ?? '',
          langKey: settings.langKey,
          allowEmail: settings.allowEmail,
          allowSms: settings.allowSms,
          lessonReminders: settings.lessonReminders,
          monthlyStatements: settings.monthlyStatements,
          messages: settings.messages,
        }}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          name="email"
          label={t('portal.settings.email')}
          rules={[{ type: 'email', message: t('portal.settings.email.rule') }]}
        >
          <Input autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item name="phone" label={t('portal.settings.phone')}>
          <Input autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item name="langKey" label={t('portal.settings.language')}>
          <Select
            options={[
              { value: 'en-US', label: 'English' },
              { value: 'zh-CN', label: '简体中文' },
            ]}
          />
        </Form.Item>
        <Form.Item name="allowEmail" label={t('portal.settings.allowEmail')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="allowSms"
          label={t('portal.settings.allowSms')}
          valuePropName="checked"
          extra={
            settings.smsConsentAt
              ? t('portal.settings.consent', {
                  date: fmt.dateTime(settings.smsConsentAt),
                  source: settings.smsConsentSource ?? '',
                })
              : t('portal.settings.smsHelp')
          }
        >
          <Switch />
        </Form.Item>
        <Form.Item name="messages" noStyle>
          <MessageChoices
            emailAllowed={emailAllowed}
            smsAllowed={smsAllowed}
            primaryContact={settings.primaryContact}
          />
        </Form.Item>
        <Form.Item name="lessonReminders" label={t('portal.settings.lessonReminders')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="monthlyStatements"
          label={t('statements.setting')}
          valuePropName="checked"
          extra={t('statements.setting.help')}
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** The family's own calendar: a secret link to subscribe to, replaced or revoked here. */
function CalendarCard() {
  const t = useT();
  const { load, reload } = useLoad(familyFeed, 'feed');
  const [busy, setBusy] = useState(false);
  const change = async (write: () => Promise<unknown>) => {
    setBusy(true);
    await runWithMessages('update', write);
    setBusy(false);
    reload();
  };
  const url = load.state === 'loaded' && load.value.feedPath ? `${window.location.origin}${load.value.feedPath}` : null;
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('portal.settings.calendar')}</h2>}>
      <Typography.Paragraph type="secondary">{t('portal.settings.calendar.help')}</Typography.Paragraph>
      {load.state === 'loading' && <Skeleton active paragraph={{ rows: 1 }} />}
      {load.state === 'failed' && <Failed onRetry={reload} />}
      {load.state === 'loaded' &&
        (url ? (
          <Flex vertical gap={8}>
            <Input readOnly value={url} aria-label={t('portal.settings.calendar.url')} />
            <Flex gap={8} wrap>
              <Button
                icon={<CopyOutlined />}
                onClick={async () => {
                  await navigator.clipboard.writeText(url);
                  message.success(t('portal.settings.calendar.copied'));
                }}
              >
                {t('portal.settings.calendar.copy')}
              </Button>
              <Popconfirm
                title={t('portal.settings.calendar.replace.confirm')}
                onConfirm={() => change(makeFamilyFeed)}
              >
                <Button loading={busy}>{t('portal.settings.calendar.replace')}</Button>
              </Popconfirm>
              <Popconfirm
                title={t('portal.settings.calendar.revoke.confirm')}
                onConfirm={() => change(revokeFamilyFeed)}
              >
                <Button danger loading={busy}>
                  {t('portal.settings.calendar.revoke')}
                </Button>
              </Popconfirm>
            </Flex>
          </Flex>
        ) : (
          <Button type="primary" loading={busy} onClick={() => change(makeFamilyFeed)}>
            {t('portal.settings.calendar.make')}
          </Button>
        ))}
    </Card>
  );
}

/** /family/settings: the guardian's contact, language and message choices, and the family calendar. */
export default function FamilySettingsPage() {
  const t = useT();
  const { load, reload } = useLoad(portalSettings, 'settings');
  const [saved, setSaved] = useState<TPortalSettings>();
  const settings = saved ?? (load.state === 'loaded' ? load.value : undefined);
  return (
    <PageContainer title={t('menu.family-settings')}>
      <Flex vertical gap={16}>
        {load.state === 'loading' && <Skeleton active />}
        {load.state === 'failed' && <Failed onRetry={reload} />}
        {settings && <MessagesCard key={settings.smsConsentAt ?? 'none'} settings={settings} onSaved={setSaved} />}
        <CalendarCard />
        <YourDataCard />
      </Flex>
    </PageContainer>
  );
}
