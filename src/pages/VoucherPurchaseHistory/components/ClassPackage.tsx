import { ProFormDigit } from '@ant-design/pro-components';
import { Alert } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { studentLedger } from '@/services/vouchers';
import type { Formatter } from '@/utils/format';

/** N x a 2-decimal rate, in cents (the server computes the same; this is only what is shown). */
export const packageAmount = (rate: string, count: number) =>
  ((Math.round(Number(rate) * 100) * count) / 100).toFixed(2);

/**
 * The student's usual class charge (their last voucher class charge, as "about N classes left"):
 * undefined while unknown or no student is chosen, null when they have none.
 */
export function useUsualClassCharge(open: boolean, studentId: number | undefined) {
  const [usualRate, setUsualRate] = useState<string | null>();
  useEffect(() => {
    setUsualRate(undefined);
    if (!open || !studentId) return;
    let current = true;
    studentLedger(studentId, { current: 1, pageSize: 1 })
      .then((ledger) => current && setUsualRate(ledger.totals.usualClassCharge))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [open, studentId]);
  return usualRate;
}

/** A package's fields: how many classes, and the amount they come to, said before saving. */
export function ClassCountField({
  t,
  required,
}: {
  t: (id: string) => string;
  required: (label: string) => RuleObject;
}) {
  return (
    <ProFormDigit
      name="classCount"
      label={t('vouchers.field.classCount')}
      colProps={{ span: 12 }}
      min={1}
      max={500}
      fieldProps={{ precision: 0, inputMode: 'numeric' }}
      rules={[
        required(t('vouchers.field.classCount')),
        { type: 'integer', min: 1, max: 500, message: t('vouchers.rule.classCount') },
      ]}
    />
  );
}

export function PackageAmount({
  usualRate,
  classCount,
  t,
  format,
}: {
  usualRate: string | null | undefined;
  classCount: number | undefined;
  t: (id: string, values?: Record<string, string | number>) => string;
  format: Pick<Formatter, 'money'>;
}) {
  return (
    <div style={{ width: '100%', padding: '0 8px 16px' }}>
      {usualRate === null ? (
        <Alert type="warning" showIcon message={t('vouchers.package.noRate')} />
      ) : usualRate === undefined ? (
        <Alert type="info" message={t('vouchers.package.pickStudent')} />
      ) : (
        <Alert
          type="info"
          role="status"
          data-testid="package-amount"
          message={t('vouchers.package.computed', {
            count: classCount ?? 0,
            rate: format.money(usualRate),
            amount: format.money(packageAmount(usualRate, classCount ?? 0)),
          })}
          description={t('vouchers.package.rateHelp')}
        />
      )}
    </div>
  );
}
