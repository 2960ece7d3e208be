import { ProTable } from '@ant-design/pro-components';
import { Link, useIntl } from '@umijs/max';
import { Button, Card, Descriptions, Empty, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { TGuardian, THousehold } from '@/contracts/households';
import { searchStudents } from '@/services/courses';
import { listHouseholds, mergeHousehold, moveStudentInto, removeGuardian } from '@/services/households';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';
import GuardianForm from './GuardianForm';
import GuardianPortal from './GuardianPortal';
import HouseholdForm from './HouseholdForm';
import PickDialog from './PickDialog';

interface Props {
  household: THousehold;
  /** The household as the server now has it, after a change made here. */
  onChange: (household: THousehold) => void;
}

/** The message summary under a guardian's channels: small, wrapping within the column. */
const SUMMARY_STYLE = { fontSize: 12, display: 'block', maxWidth: 240 } as const;

type Open = { kind: 'rename' } | { kind: 'guardian'; guardian?: TGuardian } | { kind: 'sibling' } | { kind: 'merge' };

/** A household at the desk: its students, its guardians, and the changes the desk makes to them. */
export default function HouseholdPanel({ household: h, onChange }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const remove = async (guardian: TGuardian) => {
    let reply: THousehold | undefined;
    if (await runWithMessages('delete', async () => (reply = await removeGuardian(h.id, guardian.id)))) {
      if (reply) onChange(reply);
    }
  };
  const guardianName = (g: TGuardian) => g.name ?? t('households.unnamedGuardian');
  const channels = (g: TGuardian) => (
    <Space size={4} wrap>
      {g.allowEmail && g.email && <Tag>{t('guardians.allowEmail')}</Tag>}
      {g.allowSms && <Tag color="blue">{t('guardians.sms')}</Tag>}
      {g.receivesFeedback && <Tag color="green">{t('guardians.receivesFeedback')}</Tag>}
    </Space>
  );

  // Which of the family's messages go by SMS, and which reach them by no channel (their portal choices).
  const messageSummary = (g: TGuardian) => {
    const kinds = (pick: (c: TGuardian['messages'][number]) => boolean) =>
      g.messages
        .filter(pick)
        .map((c) => t(`portal.settings.kind.${c.kind}`))
        .join(intl.locale === 'zh-CN' ? '、' : ', ');
    const bySms = kinds((c) => c.sms);
    const off = kinds((c) => !c.email && !c.sms);
    return (
      <>
        {bySms && (
          <Typography.Text type="secondary" style={SUMMARY_STYLE}>
            {t('guardians.bySms', { kinds: bySms })}
          </Typography.Text>
        )}
        {off && (
          <Typography.Text type="secondary" style={SUMMARY_STYLE}>
            {t('guardians.notSent', { kinds: off })}
          </Typography.Text>
        )}
      </>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card
        title={h.name}
        extra={
          <Space wrap>
            <Button onClick={() => setOpen({ kind: 'rename' })}>{t('households.rename')}</Button>
            <Button onClick={() => setOpen({ kind: 'sibling' })}>{t('households.addSibling')}</Button>
            <Button onClick={() => setOpen({ kind: 'merge' })}>{t('households.merge')}</Button>
          </Space>
        }
      >
        <Typography.Paragraph>{t('households.balance', { balance: format.money(h.balance) })}</Typography.Paragraph>
        <Typography.Paragraph>
          {t(h.lessonReminders ? 'households.lessonReminders.on' : 'households.lessonReminders.off')}
        </Typography.Paragraph>
        <Typography.Paragraph>
          {t(h.monthlyStatements ? 'statements.household.on' : 'statements.household.off')}
        </Typography.Paragraph>
        {h.comments && <Typography.Paragraph type="secondary">{h.comments}</Typography.Paragraph>}
        <Descriptions column={1} size="small" title={t('households.students')}>
          {h.students.map((s) => (
            <Descriptions.Item key={s.id} label={s.studentId}>
              <Space>
                <Link to={`/student/studentDashboard/${s.id}`}>{s.name}</Link>
                {format.money(s.voucherBalance)}
                {!s.active && <Tag>{t('households.studentInactive')}</Tag>}
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card
        title={t('households.guardians')}
        extra={
          <Button type="primary" onClick={() => setOpen({ kind: 'guardian' })}>
            {t('households.addGuardian')}
          </Button>
        }
      >
        {h.guardians.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('households.noGuardians')} />
        ) : (
          <ProTable<TGuardian>
            rowKey="id"
            search={false}
            options={false}
            pagination={false}
            dataSource={h.guardians}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                title: t('guardians.name'),
                key: 'name',
                render: (_, g) => (
                  <Space direction="vertical" size={0}>
                    <span>{guardianName(g)}</span>
                    {g.primaryContact && <Tag color="gold">{t('guardians.primaryContact')}</Tag>}
                    {g.relationship && <Typography.Text type="secondary">{g.relationship}</Typography.Text>}
                  </Space>
                ),
              },
              {
                title: t('guardians.contact'),
                key: 'contact',
                render: (_, g) => (
                  <Space direction="vertical" size={0}>
                    {g.email && <span>{g.email}</span>}
                    {g.phone && <span style={{ whiteSpace: 'nowrap' }}>{g.phone}</span>}
                  </Space>
                ),
              },
              {
                title: t('guardians.language'),
                dataIndex: 'langKey',
                render: (_, g) => (g.langKey === 'zh-CN' ? '简体中文' : 'English'),
              },
              {
                title: t('guardians.channels'),
                key: 'channels',
                render: (_, g) => (
                  <Space direction="vertical" size={2}>
                    {channels(g)}
                    {messageSummary(g)}
                    {g.smsConsentAt && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('guardians.consent', {
                          date: format.dateTime(g.smsConsentAt),
                          source: g.smsConsentSource ?? '',
                        })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                title: t('guardians.portal'),
                key: 'portal',
                render: (_, g) => <GuardianPortal householdId={h.id} guardian={g} onChange={onChange} />,
              },
              {
                title: t('common.actions'),
                key: 'actions',
                render: (_, g) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => setOpen({ kind: 'guardian', guardian: g })}>
                      {t('common.edit')}
                    </Button>
                    <Popconfirm
                      title={t('guardians.confirmRemove')}
                      okText={t('guardians.remove')}
                      onConfirm={() => remove(g)}
                    >
                      <Button type="link" size="small" danger>
                        {t('guardians.remove')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <HouseholdForm
        open={open?.kind === 'rename'}
        record={h}
        onClose={close}
        onSaved={(next) => {
          close();
          onChange(next);
        }}
      />
      <GuardianForm
        open={open?.kind === 'guardian'}
        householdId={h.id}
        record={open?.kind === 'guardian' ? open.guardian : undefined}
        onClose={close}
        onSaved={(next) => {
          close();
          onChange(next);
        }}
      />
      <PickDialog
        open={open?.kind === 'sibling'}
        title={t('households.addSibling')}
        help={t('households.addSibling.help')}
        name="studentId"
        label={t('households.pickStudent')}
        search={async (q) => (await searchStudents(q)).filter((o) => !h.students.some((s) => s.id === o.value))}
        pick={async (studentId) => onChange(await moveStudentInto(h.id, studentId))}
        onClose={close}
        onDone={close}
      />
      <PickDialog
        open={open?.kind === 'merge'}
        title={t('households.merge')}
        help={t('households.merge.help')}
        name="householdId"
        label={t('households.pickHousehold')}
        search={async (q) =>
          (await listHouseholds({ pageSize: 20, ...(q ? { q } : {}) })).data
            .filter((o) => o.id !== h.id)
            .map((o) => ({ value: o.id, label: `${o.name}: ${o.students.map((s) => s.name).join(', ')}` }))
        }
        pick={async (householdId) => onChange(await mergeHousehold(h.id, householdId))}
        onClose={close}
        onDone={close}
      />
    </Flex>
  );
}
