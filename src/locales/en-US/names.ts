// Names and details people read (issue 19, section 5).
export default {
  'names.term.name': 'Name',
  'names.term.name.placeholder': 'e.g. Grade 9 Math, Fall 2026',
  'names.term.column': 'Term',
  'names.list.noMatch': 'Nothing matches this search or these filters',
  'names.availability.showCalendar': 'Show this calendar',
};
