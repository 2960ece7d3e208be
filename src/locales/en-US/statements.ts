// Monthly statements in the family portal (issue 21).
export default {
  'statements.title': 'Monthly statements',
  'statements.help': 'Each month of your family: balances at its start and end and every entry, as a PDF.',
  'statements.empty': 'No statements yet',
  'statements.entries': '{count, plural, one {# entry} other {# entries}}',
  'statements.download': 'Download PDF',
  'statements.download.label': 'Download PDF: the statement of {month}',
  'statements.setting': 'Monthly statement by email',
  'statements.setting.help': 'On the 1st of each month, the statement of the month before, as a PDF.',
  'statements.household': 'Monthly statements by email to its guardians',
  'statements.household.on': 'Monthly statements: emailed on the 1st',
  'statements.household.off': 'Monthly statements: not emailed',
};
