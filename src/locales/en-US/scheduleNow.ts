// Issue 19: the schedule's "what is happening now" (class states, the calendar's legend and events).
export default {
  'scheduleNow.state.UPCOMING': 'Upcoming',
  'scheduleNow.state.AWAITING_CONFIRMATION': 'Awaiting confirmation',
  'scheduleNow.state.OVERDUE': 'Not confirmed for over a day',
  'scheduleNow.state.COMPLETED': 'Completed',
  'scheduleNow.state.CANCELLED': 'Cancelled',
  'scheduleNow.legend': 'Legend',
  'scheduleNow.legend.teacherColour': 'Colour: the teacher',
  'scheduleNow.move': 'Move to another time',
};
