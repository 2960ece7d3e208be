// Issue 23: the calendar's and the table view's location and room filters, and the calendar's room view.
export default {
  'roomView.filter.location': 'Location',
  'roomView.filter.room': 'Room',
  'roomView.column.location': 'Location',
  'roomView.column.room': 'Room',
  'roomView.rooms': 'Rooms',
  'roomView.rooms.hint': 'Rooms side by side as columns (day and week)',
  'roomView.noRoom': 'No room',
  'roomView.otherRoom': 'Move a class to another room with Edit',
};
