// notify texts (en-US): telling the teacher and the families about a moved, changed or cancelled
// class, and saying who was told (issue 19).
export default {
  'notify.legend': 'Tell people about this change',
  'notify.teacher': 'Notify the teacher',
  'notify.families': 'Notify the families',
  'notify.hint': "By email and SMS, as each person's settings allow.",
  'notify.moveTitle': 'Move this class?',
  'notify.moveTo': 'New time: {time}',
  'notify.cancelOne': 'Cancel class',
  'notify.cancelMany': 'Cancel {count, plural, one {# class} other {# classes}}',
  'notify.keep': 'Keep',
  'notify.told.teacherFamilies': 'The teacher and {families, plural, =1 {# family} other {# families}} were told.',
  'notify.told.teachersFamilies':
    '{teachers} teachers and {families, plural, =1 {# family} other {# families}} were told.',
  'notify.told.teacher': 'The teacher was told.',
  'notify.told.teachers': '{teachers} teachers were told.',
  'notify.told.families': '{families, plural, =1 {# family was told.} other {# families were told.}}',
  'notify.told.nobody': 'Nobody was told.',
};
