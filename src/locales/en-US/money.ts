// Money screens that never mislead (issue 19, section 3): periods billed by hand, ledger history,
// confirmations of actions that move money.
export default {
  'money.periods.title': 'Invoiced outside a cycle (by hand)',
  'money.periods.empty': 'No invoice made outside a cycle',
  'money.periods.period': 'Period',
  'money.periods.invoices': 'Invoices',
  'money.periods.paid': 'Paid',
  'money.periods.unpaid': 'Unpaid',
  'money.periods.void': 'Void',
  'money.periods.total': 'Total (not void)',
  'money.periods.range': '{start} to {end}',
  'money.ledger.hours': '{hours} h',
  'money.ledger.fromTo': '{from} → {to}',
  'money.ledger.changed': '{reason}: {changes}',
};
