import { CreditCardOutlined, FilePdfOutlined } from '@ant-design/icons';
import { getIntl, Link, useSearchParams } from '@umijs/max';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  List,
  message,
  Popconfirm,
  Radio,
  Result,
  Select,
  Skeleton,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import PageContainer from '@/components/PageContainer';
import type { TAutoTopUp, TFamilyPayments, TTopUp } from '@/contracts/topups';
import { TOP_UP_LESSONS_MAX } from '@/contracts/topups';
import { showRequestError } from '@/requestErrorConfig';
import {
  confirmCardSetup,
  confirmTopUp,
  downloadReceipt,
  familyPayments,
  removeSavedCard,
  saveAutoTopUp,
  startCardSetup,
  startTopUp,
} from '@/services/portal';
import { describeActionFailure } from '@/utils/recordActions';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import { Failed, type T, useDownload, useLoad, useT } from './components/shared';

const h2 = (text: string) => <h2 style={{ margin: 0, fontSize: 16 }}>{text}</h2>;
const translate = (id: string, values?: Record<string, string | number>) => getIntl().formatMessage({ id }, values);

/** A write whose refusal goes onto the form's fields (and a message); resolves with the reply or undefined. */
async function tryWrite<V>(write: () => Promise<V>, form?: ReturnType<typeof Form.useForm>[0], fields: string[] = []) {
  try {
    return await write();
  } catch (error) {
    const failure = describeActionFailure(error, 'update', fields, translate);
    if (failure.signedOut) {
      showRequestError(error);
      return undefined;
    }
    if (form && failure.fieldErrors.length) form.setFields(failure.fieldErrors as never);
    message.error(failure.content);
    return undefined;
  }
}

interface TopUpValues {
  studentId: number;
  by: 'lessons' | 'amount';
  lessons?: number | null;
  amount?: number | null;
}

/** Pick a child and a package of lessons or an amount, then pay on the card page (Stripe Checkout). */
function TopUpCard({ payments }: { payments: TFamilyPayments }) {
  const t = useT();
  const fmt = useFormat();
  const [form] = Form.useForm<TopUpValues>();
  const [busy, setBusy] = useState(false);
  const studentId = Form.useWatch('studentId', form);
  const by = Form.useWatch('by', form);
  const lessons = Form.useWatch('lessons', form);
  const child = payments.children.find((c) => c.id === studentId);
  const rate = child?.usualLessonCharge ?? null;
  const pay = async (values: TopUpValues) => {
    setBusy(true);
    const body = {
      studentId: values.studentId,
      lessons: values.by === 'lessons' ? (values.lessons ?? null) : null,
      amount: values.by === 'amount' ? (values.amount ?? null) : null,
    };
    const started = await tryWrite(() => startTopUp(body), form as never, ['studentId', 'lessons', 'amount']);
    if (started) window.location.assign(started.url);
    else setBusy(false);
  };
  const first = payments.children[0];
  return (
    <Card title={h2(t('portal.topUp.card'))}>
      <Form<TopUpValues>
        form={form}
        layout="vertical"
        onFinish={pay}
        style={{ maxWidth: 480 }}
        initialValues={{
          studentId: first?.id,
          by: first?.usualLessonCharge ? 'lessons' : 'amount',
          lessons: first?.usualLessonCharge ? 10 : null,
        }}
      >
        <Form.Item name="studentId" label={t('portal.topUp.child')} rules={[{ required: true }]}>
          <Select
            options={payments.children.map((c) => ({
              value: c.id,
              label: `${c.name} · ${fmt.money(c.balance)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="by" label={t('portal.topUp.by')}>
          <Radio.Group>
            <Radio value="lessons" disabled={!rate}>
              {t('portal.topUp.byLessons')}
            </Radio>
            <Radio value="amount">{t('portal.topUp.byAmount')}</Radio>
          </Radio.Group>
        </Form.Item>
        {by === 'lessons' && rate ? (
          <Form.Item
            name="lessons"
            label={t('portal.topUp.lessons')}
            rules={[{ required: true, message: t('portal.topUp.lessons.rule', { max: TOP_UP_LESSONS_MAX }) }]}
            extra={
              lessons
                ? t('portal.topUp.lessons.total', {
                    count: lessons,
                    rate: fmt.money(rate),
                    total: fmt.money((Number(rate) * Number(lessons)).toFixed(2)),
                  })
                : t('portal.topUp.lessons.rate', { rate: fmt.money(rate) })
            }
          >
            <InputNumber min={1} max={TOP_UP_LESSONS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="amount"
            label={t('portal.topUp.amount', { currency: payments.centre.currency })}
            rules={[{ required: true, message: t('portal.topUp.amount.rule') }]}
          >
            <InputNumber min={1} max={10000} precision={2} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">{t('portal.topUp.stripeNote')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" icon={<CreditCardOutlined />} loading={busy}>
          {t('portal.topUp.pay')}
        </Button>
      </Form>
    </Card>
  );
}

interface AutoValues {
  enabled: boolean;
  floor?: number | null;
  by: 'lessons' | 'amount';
  lessons?: number | null;
  amount?: number | null;
}

/** Auto top-up: the saved card, the floor and the package; why it stopped, if it did. */
function AutoTopUpCard({ payments, onChange }: { payments: TFamilyPayments; onChange: (a: TAutoTopUp) => void }) {
  const t = useT();
  const fmt = useFormat();
  const auto = payments.autoTopUp;
  const [form] = Form.useForm<AutoValues>();
  const [busy, setBusy] = useState(false);
  const by = Form.useWatch('by', form);
  const anyRate = payments.children.some((c) => c.usualLessonCharge);
  const save = async (values: AutoValues) => {
    const body = {
      enabled: values.enabled,
      floor: values.floor ?? null,
      lessons: values.by === 'lessons' ? (values.lessons ?? null) : null,
      amount: values.by === 'amount' ? (values.amount ?? null) : null,
    };
    let saved: TAutoTopUp | undefined;
    const ok = await runWithMessages('update', async () => (saved = await saveAutoTopUp(body)), {
      instance: form,
      fields: ['enabled', 'floor', 'lessons', 'amount'],
    });
    if (ok && saved) onChange(saved);
  };
  const saveCard = async () => {
    setBusy(true);
    const started = await tryWrite(startCardSetup);
    if (started) window.location.assign(started.url);
    else setBusy(false);
  };
  const removeCard = async () => {
    let saved: TAutoTopUp | undefined;
    if (await runWithMessages('delete', async () => (saved = await removeSavedCard()))) onChange(saved as TAutoTopUp);
  };
  return (
    <Card title={h2(t('portal.autoTopUp.title'))}>
      <Typography.Paragraph type="secondary">{t('portal.autoTopUp.help')}</Typography.Paragraph>
      {auto.stoppedReason ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('portal.autoTopUp.stopped', {
            date: auto.stoppedAt ? fmt.dateTime(auto.stoppedAt) : '',
            reason: auto.stoppedReason,
          })}
        />
      ) : null}
      <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        {auto.card ? (
          <>
            <Typography.Text data-testid="saved-card">
              {t('portal.autoTopUp.cardOnFile', {
                brand: auto.card.brand.toUpperCase(),
                last4: auto.card.last4,
                exp: `${String(auto.card.expMonth).padStart(2, '0')}/${auto.card.expYear}`,
              })}
            </Typography.Text>
            <Button onClick={saveCard} loading={busy}>
              {t('portal.autoTopUp.replaceCard')}
            </Button>
            <Popconfirm title={t('portal.autoTopUp.removeCard.confirm')} onConfirm={removeCard}>
              <Button danger>{t('portal.autoTopUp.removeCard')}</Button>
            </Popconfirm>
          </>
        ) : (
          <Button onClick={saveCard} loading={busy} icon={<CreditCardOutlined />}>
            {t('portal.autoTopUp.saveCard')}
          </Button>
        )}
      </Flex>
      <Form<AutoValues>
        form={form}
        layout="vertical"
        onFinish={save}
        style={{ maxWidth: 480 }}
        initialValues={{
          enabled: auto.enabled,
          floor: auto.floor === null ? null : Number(auto.floor),
          by: auto.amount !== null || !anyRate ? 'amount' : 'lessons',
          lessons: auto.lessons ?? (anyRate ? 10 : null),
          amount: auto.amount === null ? null : Number(auto.amount),
        }}
      >
        <Form.Item name="enabled" label={t('portal.autoTopUp.enabled')} valuePropName="checked">
          <Switch disabled={!auto.card} />
        </Form.Item>
        <Form.Item
          name="floor"
          label={t('portal.autoTopUp.floor', { currency: payments.centre.currency })}
          extra={t('portal.autoTopUp.floor.help')}
        >
          <InputNumber min={0} max={10000} precision={2} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="by" label={t('portal.topUp.by')}>
          <Radio.Group>
            <Radio value="lessons" disabled={!anyRate}>
              {t('portal.topUp.byLessons')}
            </Radio>
            <Radio value="amount">{t('portal.topUp.byAmount')}</Radio>
          </Radio.Group>
        </Form.Item>
        {by === 'lessons' ? (
          <Form.Item name="lessons" label={t('portal.topUp.lessons')}>
            <InputNumber min={1} max={TOP_UP_LESSONS_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item name="amount" label={t('portal.topUp.amount', { currency: payments.centre.currency })}>
            <InputNumber min={1} max={10000} precision={2} style={{ width: '100%' }} inputMode="decimal" />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

const statusColor: Record<TTopUp['status'], string> = {
  OPEN: 'processing',
  PAID: 'success',
  EXPIRED: 'default',
  MISMATCH: 'warning',
  FAILED: 'error',
};

function RecentCard({ recent, t }: { recent: TTopUp[]; t: T }) {
  const fmt = useFormat();
  const download = useDownload();
  return (
    <Card title={h2(t('portal.topUp.recent'))}>
      <List
        dataSource={recent}
        locale={{ emptyText: t('portal.topUp.recent.empty') }}
        renderItem={(item) => (
          <List.Item
            data-testid="top-up"
            actions={
              item.purchaseId !== null
                ? [
                    <Button
                      key="receipt"
                      size="small"
                      icon={<FilePdfOutlined />}
                      onClick={() => download(() => downloadReceipt(item.purchaseId as number))}
                    >
                      {t('portal.balance.receipt')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={`${item.childName} · ${fmt.money(item.amount)}`}
              description={
                <Flex gap={8} wrap align="center">
                  <span>{fmt.dateTime(item.paidAt ?? item.createdAt)}</span>
                  <Tag color={statusColor[item.status]}>{t(`portal.topUp.status.${item.status}`)}</Tag>
                  {item.kind === 'AUTO' ? <Tag>{t('portal.topUp.kind.AUTO')}</Tag> : null}
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** After the card page: confirms with the API (recorded once) and shows the result and the new balance. */
function Returned({ sessionId }: { sessionId: string }) {
  const t = useT();
  const fmt = useFormat();
  const download = useDownload();
  const [topUp, setTopUp] = useState<TTopUp | 'failed'>();
  const tries = useRef(0);
  useEffect(() => {
    let live = true;
    const ask = async () => {
      try {
        const got = await confirmTopUp(sessionId);
        if (!live) return;
        setTopUp(got);
        // Paid at Stripe a moment ago and not yet complete: ask again a few times.
        if (got.status === 'OPEN' && tries.current++ < 5) setTimeout(ask, 2000);
      } catch {
        if (live) setTopUp('failed');
      }
    };
    void ask();
    return () => {
      live = false;
    };
  }, [sessionId]);
  if (!topUp) return <Spin tip={t('portal.topUp.confirming')}>{<div style={{ height: 80 }} />}</Spin>;
  if (topUp === 'failed') return <Alert type="error" showIcon message={t('portal.topUp.confirmFailed')} />;
  if (topUp.status === 'PAID')
    return (
      <Result
        status="success"
        title={t('portal.topUp.paid', { amount: fmt.money(topUp.amount), child: topUp.childName })}
        subTitle={t('portal.topUp.newBalance', { balance: fmt.money(topUp.balance) })}
        extra={[
          <Link key="balance" to={`/family/balance?child=${topUp.childId}`}>
            <Button type="primary">{t('portal.topUp.seeBalance')}</Button>
          </Link>,
          topUp.purchaseId !== null ? (
            <Button
              key="receipt"
              icon={<FilePdfOutlined />}
              onClick={() => download(() => downloadReceipt(topUp.purchaseId as number))}
            >
              {t('portal.balance.receipt')}
            </Button>
          ) : null,
        ]}
      />
    );
  return (
    <Alert
      type={topUp.status === 'OPEN' ? 'info' : 'warning'}
      showIcon
      message={t(`portal.topUp.returned.${topUp.status}`)}
    />
  );
}

/** /family/top-up: pay a child's lessons by card, and auto top-up; the card page returns here. */
export default function FamilyTopUp() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const cardSession = params.get('card_session_id');
  const cancelled = params.get('cancelled') === '1';
  const { load, reload } = useLoad(familyPayments, `payments-${cardSession ?? ''}`);
  const [auto, setAuto] = useState<TAutoTopUp>();
  const confirmedCard = useRef(false);
  useEffect(() => {
    if (!cardSession || confirmedCard.current) return;
    confirmedCard.current = true;
    void runWithMessages('update', async () => setAuto(await confirmCardSetup(cardSession))).then(() => {
      setParams({}, { replace: true });
      reload();
    });
  }, [cardSession, reload, setParams]);
  const payments = load.state === 'loaded' ? load.value : undefined;
  const shown = payments && auto ? { ...payments, autoTopUp: auto } : payments;
  return (
    <PageContainer title={t('menu.family-top-up')}>
      <Flex vertical gap={16}>
        {sessionId ? <Returned sessionId={sessionId} /> : null}
        {cancelled ? <Alert type="info" showIcon message={t('portal.topUp.cancelled')} /> : null}
        {load.state === 'loading' && <Skeleton active />}
        {load.state === 'failed' && <Failed onRetry={reload} />}
        {shown && !shown.available ? (
          <Alert type="info" showIcon message={t('portal.topUp.unavailable', { centre: shown.centre.name })} />
        ) : null}
        {shown?.available && !sessionId ? <TopUpCard payments={shown} /> : null}
        {shown?.available ? (
          <AutoTopUpCard key={JSON.stringify(shown.autoTopUp)} payments={shown} onChange={setAuto} />
        ) : null}
        {shown && shown.recent.length > 0 ? <RecentCard recent={shown.recent} t={t} /> : null}
      </Flex>
    </PageContainer>
  );
}
