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

type Line = { student?: TAuditValue } & Record<string, TAuditValue>;
const isLines = (v: TAuditValue | undefined): v is Line[] =>
  Array.isArray(v) &&
  v.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item) && 'student' in item);

/**
 * A class's changed students, one line per student and value: "Cleo Chen (S-1) · Attendance: None →
 * Attended"; a student added or removed reads "None →" or "→ None".
 */
function StudentChanges({
  before,
  after,
  text,
}: {
  before: Line[];
  after: Line[];
  text: ReturnType<typeof useAuditText>;
}) {
  const { label, value } = text;
  const names = [...new Set([...before, ...after].map((line) => String(line.student)))];
  const lineOf = (lines: Line[], name: string) => lines.find((line) => String(line.student) === name);
  return (
    <>
      {names.flatMap((name) => {
        const was = lineOf(before, name);
        const now = lineOf(after, name);
        const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])].filter(
          (f) => f !== 'student',
        );
        if (!was || !now)
          return [
            <div key={name} className="audit-change">
              <Typography.Text type="secondary">{label('students')}:</Typography.Text>{' '}
              {was ? name : text.t('common.none')}
              {' → '}
              <Typography.Text strong>{now ? name : text.t('common.none')}</Typography.Text>
            </div>,
          ];
        return fields.map((field) => (
          <div key={`${name}:${field}`} className="audit-change">
            <Typography.Text type="secondary">
              {name} · {label(field)}:
            </Typography.Text>{' '}
            {value(field, was[field])}
            {' → '}
            <Typography.Text strong>{value(field, now[field])}</Typography.Text>
          </div>
        ));
      })}
    </>
  );
}

/** One event's changes: "Hourly rate: CA$40.00 → CA$45.50" per field; a creation or deletion its values. */
export default function AuditChanges({ event }: { event: Pick<TAuditEvent, 'entityType' | 'before' | 'after'> }) {
  const text = useAuditText(event.entityType);
  const { t, label, value } = text;
  const [all, setAll] = useState(false);
  const { before, after } = event;

  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byFormOrder);
    return (
      <div className="audit-changes">
        {fields.map((field) => {
          const was = before[field];
          const now = after[field];
          if (field === 'students' && isLines(was) && isLines(now))
            return <StudentChanges key={field} before={was} after={now} text={text} />;
          return (
            <div key={field} className="audit-change">
              <Typography.Text type="secondary">{label(field)}:</Typography.Text> {value(field, before[field])}
              {' → '}
              <Typography.Text strong>{value(field, after[field])}</Typography.Text>
            </div>
          );
        })}
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
