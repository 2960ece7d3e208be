// Issue 24: lists whose total was counted up to a cap, and a calendar range with too many classes to draw.
export default {
  'listLimits.range': '{from}–{to} of more than {count}',
  'listLimits.moreThan': 'more than {count}',
  'listLimits.calendar.tooMany':
    'Too many classes to show: {total} in these dates (the calendar shows at most {limit}). Filter by teacher, location or room, or open a single day.',
  'listLimits.calendar.busiestTeachers': 'Busiest teachers:',
  'listLimits.calendar.busiestLocations': 'Busiest locations:',
  'listLimits.calendar.pick': '{name} ({count})',
  'listLimits.calendar.dayCount': '{count} classes',
  'listLimits.calendar.dayCountHint': '{count} classes: open this day',
};
