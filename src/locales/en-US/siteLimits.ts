// Locations on the student list and form and the dashboard's location filter (issue 23).
export default {
  'sites.location': 'Location',
  'sites.allLocations': 'All locations',
  'sites.location.required': 'Choose a location',
};
