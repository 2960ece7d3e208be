// Reading an iCalendar feed back in tests, with ical.js (another library than the one that writes it).
import ICAL from 'ical.js';

/** The VEVENTs of an iCalendar text, parsed back with ical.js. */
export function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      status: vevent.getFirstPropertyValue('status'),
    };
  });
}
