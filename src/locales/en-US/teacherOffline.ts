// Teacher confirmation offline (issue 11): kept classes and queued confirmations.
export default {
  'teacherOffline.offlineNote': 'Offline — showing classes saved at {when}',
  'teacherOffline.offlineHint': 'Classes you confirm now are kept on this device and sent when the network returns.',
  'teacherOffline.queued': 'No network: the confirmation is kept on this device and sent when you are back online',
  'teacherOffline.waiting': 'Waiting to send',
  'teacherOffline.waitingHint': 'Confirmed on this device at {when}; it is sent when the network returns.',
  'teacherOffline.refusedTitle': 'Your confirmation was not applied',
  'teacherOffline.refusedClass': 'Not applied: {course}, {when}',
  'teacherOffline.refused.changed':
    'The centre changed this class after you saw it (times, students or status). Check it and confirm again.',
  'teacherOffline.refused.confirmed': 'This class had already been confirmed (by the centre or on another device).',
  'teacherOffline.refused.cancelled': 'This class was cancelled before your confirmation arrived.',
  'teacherOffline.refused.notStarted': 'This class had not started yet when your confirmation arrived.',
  'teacherOffline.refused.other': 'The confirmation was refused (error {status}).',
  'teacherOffline.dismiss': 'Dismiss',
};
