// Class capacity, waitlists and freed-seat offers (issue 22).
export default {
  'seats.field.capacity': '名额',
  'seats.field.capacity.none': '不限',
  'seats.field.overrideCapacity': '允许超过名额',
  'seats.field.overrideCapacity.help': '即使学生人数超过课程名额，也为所列学生报名',
  'seats.column.seats': '名额',
  'seats.taken': '已占 {taken}/{capacity}',
  'seats.taken.open': '{taken}（不限）',
  'seats.waiting': '{count} 人候补',
  'seats.makeUps': '{count} 人补课',
};
