import { DownOutlined } from '@ant-design/icons';
import { useAccess, useIntl } from '@umijs/max';
import { Button, Dropdown, Popconfirm, Space, Tag, Typography } from 'antd';
import type { TGuardian, THousehold, TInvitationChannel } from '@/contracts/households';
import { endPortalAccess, inviteGuardian, revokeInvitation } from '@/services/households';
import { runWithMessages } from '@/utils/runWithMessages';
import { useFormat } from '@/utils/useFormat';

const statusColour = {
  NONE: undefined,
  INVITED: 'blue',
  EXPIRED: 'orange',
  ACTIVE: 'green',
  ENDED: undefined,
} as const;

interface Props {
  householdId: number;
  guardian: TGuardian;
  onChange: (household: THousehold) => void;
}

/**
 * A guardian's way into the family portal at the desk: its status (invited by email or SMS until when,
 * signed up as which login) and what the desk can do next: invite, send again, revoke, end access.
 */
export default function GuardianPortal({ householdId, guardian: g, onChange }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const format = useFormat();
  const access = useAccess() as Record<string, boolean>;
  const { portal } = g;
  const run = async (action: 'send' | 'update', write: () => Promise<THousehold>) => {
    let reply: THousehold | undefined;
    if (await runWithMessages(action, async () => (reply = await write()))) if (reply) onChange(reply);
  };
  const invite = (channel: TInvitationChannel) => run('send', () => inviteGuardian(householdId, g.id, channel));
  // Why a channel cannot carry an invitation, before the server has to say it.
  const emailBlocked = g.email ? undefined : t('guardians.portal.invite.noEmail');
  const smsBlocked = !g.phone
    ? t('guardians.portal.invite.noPhone')
    : !g.allowSms
      ? t('guardians.portal.invite.noConsent')
      : undefined;
  const channelItems = [
    { key: 'EMAIL', label: emailBlocked ?? t('guardians.portal.invite.byEmail'), disabled: !!emailBlocked },
    { key: 'SMS', label: smsBlocked ?? t('guardians.portal.invite.bySms'), disabled: !!smsBlocked },
  ];
  const detail =
    portal.status === 'INVITED' || portal.status === 'EXPIRED'
      ? t(portal.status === 'INVITED' ? 'guardians.portal.invitedUntil' : 'guardians.portal.expiredOn', {
          channel: t(portal.channel === 'SMS' ? 'guardians.portal.channel.sms' : 'guardians.portal.channel.email'),
          to: portal.sentTo ?? '',
          date: format.dayOf(portal.expiresAt),
        })
      : portal.login
        ? t('guardians.portal.login', { login: portal.login })
        : undefined;

  return (
    <Space direction="vertical" size={2} style={{ maxWidth: 240 }}>
      <Tag color={statusColour[portal.status]}>{t(`guardians.portal.status.${portal.status}`)}</Tag>
      {detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {detail}
        </Typography.Text>
      )}
      {access['households:invite'] && (
        <Space size={0} wrap>
          {portal.status === 'ACTIVE' ? (
            <Popconfirm
              title={t('guardians.portal.end.confirm')}
              okText={t('guardians.portal.end')}
              onConfirm={() => run('update', () => endPortalAccess(householdId, g.id))}
            >
              <Button type="link" size="small" danger>
                {t('guardians.portal.end')}
              </Button>
            </Popconfirm>
          ) : (
            <Dropdown
              trigger={['click']}
              menu={{ items: channelItems, onClick: ({ key }) => invite(key as TInvitationChannel) }}
            >
              <Button type="link" size="small">
                {t(portal.status === 'INVITED' ? 'guardians.portal.sendAgain' : 'guardians.portal.invite')}{' '}
                <DownOutlined />
              </Button>
            </Dropdown>
          )}
          {portal.status === 'INVITED' && (
            <Popconfirm
              title={t('guardians.portal.revoke.confirm')}
              okText={t('guardians.portal.revoke')}
              onConfirm={() => run('update', () => revokeInvitation(householdId, g.id))}
            >
              <Button type="link" size="small" danger>
                {t('guardians.portal.revoke')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Space>
  );
}
