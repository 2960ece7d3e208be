import { Checkbox, Typography } from 'antd';
import { FAMILY_MESSAGE_KINDS, type TFamilyMessageChoice } from '@/contracts/message-kinds';
import { useT } from './shared';

interface Props {
  /** Every kind with its channels (a Form.Item's value). */
  value?: TFamilyMessageChoice[];
  onChange?: (value: TFamilyMessageChoice[]) => void;
  /** The guardian's "messages by email" and "by SMS" switches: off, that column cannot be chosen. */
  emailAllowed: boolean;
  smsAllowed: boolean;
  primaryContact: boolean;
}

const cell = { padding: '6px 8px', textAlign: 'center' } as const;

/**
 * The guardian's channels per kind of message (issue 37, finding 14): a table, one row per kind, a
 * checkbox for email and one for SMS (a kind sent by email only says so). Native checkboxes: Tab moves
 * between them, Space ticks; each is named by its kind and channel.
 */
export default function MessageChoices({ value = [], onChange, emailAllowed, smsAllowed, primaryContact }: Props) {
  const t = useT();
  const set = (kind: TFamilyMessageChoice['kind'], channel: 'email' | 'sms', on: boolean) =>
    onChange?.(value.map((choice) => (choice.kind === kind ? { ...choice, [channel]: on } : choice)));
  return (
    <div style={{ marginBottom: 24 }}>
      <table style={{ borderCollapse: 'collapse', width: '100%' }} data-testid="message-choices">
        <caption style={{ captionSide: 'top', textAlign: 'start', fontWeight: 600, paddingBottom: 8 }}>
          {t('portal.settings.kinds')}
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'start' }}>
              {t('portal.settings.kind')}
            </th>
            <th scope="col" style={cell}>
              {t('portal.settings.byEmail')}
            </th>
            <th scope="col" style={cell}>
              {t('portal.settings.bySms')}
            </th>
          </tr>
        </thead>
        <tbody>
          {FAMILY_MESSAGE_KINDS.map(({ kind, sms }) => {
            const choice = value.find((c) => c.kind === kind) ?? { kind, email: true, sms: false };
            const label = t(`portal.settings.kind.${kind}`);
            return (
              <tr key={kind} style={{ borderTop: '1px solid rgba(0, 0, 0, 0.06)' }}>
                <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 'normal' }}>
                  {label}
                </th>
                <td style={cell}>
                  <Checkbox
                    checked={choice.email}
                    disabled={!emailAllowed}
                    aria-label={`${label}: ${t('portal.settings.byEmail')}`}
                    onChange={(e) => set(kind, 'email', e.target.checked)}
                  />
                </td>
                <td style={cell}>
                  {sms ? (
                    <Checkbox
                      checked={choice.sms}
                      disabled={!smsAllowed}
                      aria-label={`${label}: ${t('portal.settings.bySms')}`}
                      onChange={(e) => set(kind, 'sms', e.target.checked)}
                    />
                  ) : (
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {t('portal.settings.emailOnly')}
                    </Typography.Text>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 13 }}>
        {smsAllowed ? '' : `${t('portal.settings.smsOff')} `}
        {t(primaryContact ? 'portal.settings.primary' : 'portal.settings.notPrimary')}
      </Typography.Paragraph>
    </div>
  );
}
