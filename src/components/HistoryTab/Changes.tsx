import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import { useState } from 'react';
import type { TAuditEntity, TAuditEvent, TAuditValue } from '@/contracts/audit';
import { useFormat } from '@/utils/useFormat';
import { byFormOrder, fieldLabelId, MONEY_FIELDS, paymentTypePrefix, ROLE_IDS, VALUE_PREFIXES } from './fields';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SECRETS: Record<string, string> = { '[set]': 'audit.secret.set', '[changed]': 'audit.secret.changed' };
// A creation or deletion lists every field: the first few, then "+n more" that opens the rest.
const FIRST_FIELDS = 4;

/** Turns recorded values into text the reader knows: labels, money, dates, yes/no, translated codes. */
export function useAuditText(entity: TAuditEntity) {
  const intl = useIntl();
  const format = useFormat();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const known = (id: string) => id in intl.messages;

  const label = (field: string) => {
    const id = fieldLabelId(entity, field);
    return id ? t(id) : field;
  };
  const code = (field: string, value: string) => {
    const prefix = field === 'paymentType' ? paymentTypePrefix(entity) : VALUE_PREFIXES[field];
    if (field === 'roles' && ROLE_IDS[value]) return t(ROLE_IDS[value]);
    return prefix && known(prefix + value) ? t(prefix + value) : undefined;
  };
  const value = (field: string, v: TAuditValue | undefined): string => {
    if (v === null || v === undefined || v === '') return t('common.none');
    if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
    if (Array.isArray(v)) return v.length ? v.map((item) => value(field, item)).join(', ') : t('common.none');
    if (typeof v === 'object') {
      return `(${Object.entries(v)
        .map(([key, item]) => `${label(key)}: ${value(key, item)}`)
        .join(', ')})`;
    }
    if (typeof v === 'string' && SECRETS[v]) return t(SECRETS[v]);
    if (MONEY_FIELDS.has(field)) return format.money(v);
    if (typeof v === 'string' && TIMESTAMP.test(v)) return format.dateTime(v);
    return (typeof v === 'string' && code(field, v)) || String(v);
  };
  return { t, label, value };
}

/** One event's changes: "Hourly rate: CA$40.00 → CA$45.50" per field; a creation or deletion its values. */
export default function AuditChanges({ event }: { event: Pick<TAuditEvent, 'entityType' | 'before' | 'after'> }) {
  const { t, label, value } = useAuditText(event.entityType);
  const [all, setAll] = useState(false);
  const { before, after } = event;

  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byFormOrder);
    return (
      <div className="audit-changes">
        {fields.map((field) => (
          <div key={field} className="audit-change">
            <Typography.Text type="secondary">{label(field)}:</Typography.Text> {value(field, before[field])}
            {' → '}
            <Typography.Text strong>{value(field, after[field])}</Typography.Text>
          </div>
        ))}
      </div>
    );
  }
  const values = after ?? before ?? {};
  // Empty fields of a new or deleted record say nothing: left out.
  const fields = Object.keys(values)
    .filter((field) => {
      const v = values[field];
      return v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
    })
    .sort(byFormOrder);
  const shown = all ? fields : fields.slice(0, FIRST_FIELDS);
  return (
    <div className="audit-changes">
      <Typography.Text type="secondary">{t(after ? 'audit.change.created' : 'audit.change.deleted')}</Typography.Text>
      {shown.map((field) => (
        <div key={field} className="audit-change">
          <Typography.Text type="secondary">{label(field)}:</Typography.Text> {value(field, values[field])}
        </div>
      ))}
      {shown.length < fields.length && (
        <Typography.Link onClick={() => setAll(true)}>
          {t('audit.change.more', { count: fields.length - shown.length })}
        </Typography.Link>
      )}
    </div>
  );
}
