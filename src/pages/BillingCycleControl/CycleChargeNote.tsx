import { useIntl } from '@umijs/max';
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { billingStatus } from '@/services/billingPayment';

/**
 * How a cycle's invoices get paid, as this server can do it: on saved cards (only centres that have
 * one) when Stripe is configured, else by hand. Never promises a card charge that cannot happen.
 */
export default function CycleChargeNote() {
  const intl = useIntl();
  const [configured, setConfigured] = useState<boolean>();
  useEffect(() => {
    billingStatus()
      .then((status) => setConfigured(status.configured))
      .catch(() => setConfigured(undefined));
  }, []);
  if (configured === undefined) return null;
  return (
    <Typography.Paragraph className="cycle-charge-note" style={{ marginBottom: 0 }}>
      {intl.formatMessage({ id: configured ? 'money.cycle.cards' : 'money.cycle.noStripe' })}
    </Typography.Paragraph>
  );
}
