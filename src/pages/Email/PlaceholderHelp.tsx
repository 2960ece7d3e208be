import { useIntl } from '@umijs/max';
import { Space, Tag, Tooltip } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { EMAIL_PLACEHOLDERS, unknownPlaceholders } from '@/contracts/email';

/** A rule refusing placeholders the server would refuse, in the reader's language. */
export function usePlaceholderRule(): RuleObject {
  const intl = useIntl();
  return {
    validator: async (_rule, value: unknown) => {
      const found = typeof value === 'string' ? unknownPlaceholders(value) : [];
      if (found.length) {
        throw new Error(
          intl.formatMessage(
            { id: 'email.rule.unknownPlaceholder' },
            { found: found.join(', '), known: EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') },
          ),
        );
      }
    },
  };
}

/** The placeholders a subject or body may hold, each with what it becomes; a click adds it to the body. */
export default function PlaceholderHelp({ onInsert }: { onInsert?: (placeholder: string) => void }) {
  const intl = useIntl();
  return (
    <div className="email-placeholders">
      <div style={{ color: 'rgba(0,0,0,0.6)', marginBottom: 4 }}>
        {intl.formatMessage({ id: onInsert ? 'email.placeholders.helpInsert' : 'email.placeholders.help' })}
      </div>
      <Space size={[4, 4]} wrap>
        {EMAIL_PLACEHOLDERS.map((name) => (
          <Tooltip key={name} title={intl.formatMessage({ id: `email.placeholder.${name}` })}>
            <Tag
              style={{ cursor: onInsert ? 'pointer' : undefined, fontFamily: 'monospace' }}
              onClick={() => onInsert?.(`{${name}}`)}
            >
              {`{${name}}`}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}
