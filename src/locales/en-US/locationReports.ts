// /report (issue 23): the report by location, room occupancy and the Location filter of the other tabs.
export default {
  'locationReports.tab.locations': 'Locations',
  'locationReports.tab.rooms': 'Room occupancy',
  'locationReports.filter.location': 'Location',
  'locationReports.filter.all': 'All locations',
  'locationReports.range': 'Dates',
  'locationReports.hint':
    'Completed lessons, sales to the students enrolled at each location and the teacher salary of its classes',
  'locationReports.table': 'Per location',
  'locationReports.location': 'Location',
  'locationReports.lessons': 'Lessons',
  'locationReports.hours': 'Hours',
  'locationReports.sales': 'Sales',
  'locationReports.gift': 'Gift',
  'locationReports.salary': 'Salary',
  'locationReports.total': 'Total',
  'locationReports.noLocation': 'No location',
  'locationReports.none': 'Nothing in this range',
  'locationReports.chart': 'Sales and salary per location',
  'locationReports.chart.alt':
    'Bar chart of sales and teacher salary per location; the table above lists the same figures.',
  'locationReports.room': 'Room',
  'locationReports.openHours': 'Open hours per week',
  'locationReports.occupancyHint':
    'Booked hours of planned and completed classes per room and week (Monday to Sunday), against the open hours per week set here: rooms have no opening times.',
  'locationReports.occupancyChart': 'Occupancy per week',
  'locationReports.occupancyChart.alt':
    'Column chart of each room’s occupancy per week in percent; the table below lists the same figures.',
  'locationReports.occupancyTable': 'Booked hours per room and week',
  'locationReports.weekOf': 'Week of {date}',
  'locationReports.bookedHours': '({hours} h)',
  'locationReports.noRooms': 'No rooms',
};
