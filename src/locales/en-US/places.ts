// Booking a class at a location and into a room (issue 23): the class form, its warnings, class details.
export default {
  'places.field.location': 'Location',
  'places.field.room': 'Room',
  'places.field.room.none': 'No room',
  'places.field.address': 'Address (lesson elsewhere)',
  'places.field.address.help':
    'Only for a lesson held elsewhere (a student’s home, an online link). Left empty, the location’s address applies.',
  'places.field.place': 'Address',
  'places.room.seats': '{name} ({seats} seats)',
  'places.conflict.intro': 'The teacher, a student or the room already has a class at this time:',
  'places.conflict.room': 'Room {name} holds {course} ({time})',
  'places.roomCapacity.title': 'More than the room holds',
  'places.roomCapacity.saveAnyway': 'Save anyway',
  'places.roomCapacity.change': 'Change the class',
  'places.saved.tooLittleTravel':
    '{count, plural, one {# class leaves} other {# classes leave}} the teacher less than {minutes} minutes to travel from {location}',
  'places.saved.notTheirLocation': 'The teacher does not usually work at this location',
};
