// Class capacity, waitlists and freed-seat offers (issue 22).
export default {
  'seats.field.capacity': 'Seats',
  'seats.field.capacity.none': 'No limit',
  'seats.field.overrideCapacity': 'Allow more students than seats',
  'seats.field.overrideCapacity.help': 'Enrol the students listed even when they are more than the seats of the class',
  'seats.column.seats': 'Seats',
  'seats.taken': '{taken} / {capacity}',
  'seats.taken.open': '{taken} (no limit)',
  'seats.waiting': '{count} waiting',
  'seats.makeUps': '{count} make-up',
};
