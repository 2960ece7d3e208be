// The feedback email of one student's family, and the same content as sections for the PDF: one
// rendering, used by preview, submit and the PDF, so what is previewed is what is sent.
import { DateTime } from 'luxon';
import { escapeHtml, textToHtml } from '../../messaging/html';

export interface FeedbackContent {
  centre: { name: string; timeZone: string };
  course: string;
  teacher: string;
  startAt: Date;
  endAt: Date;
  teachingContent: string;
  studentPerformance: string;
  assignment: string;
}

export interface Section {
  heading: string;
  body: string;
}

/** "Monday, March 2, 2026, 16:00–17:00" in the centre's zone. */
export function classTime(content: Pick<FeedbackContent, 'centre' | 'startAt' | 'endAt'>): string {
  const start = DateTime.fromJSDate(content.startAt, { zone: content.centre.timeZone }).setLocale('en');
  const end = DateTime.fromJSDate(content.endAt, { zone: content.centre.timeZone });
  return `${start.toFormat('cccc, LLLL d, yyyy, HH:mm')}–${end.toFormat('HH:mm')}`;
}

/** The class's sections, those left empty out. */
export function classSections(content: FeedbackContent): Section[] {
  return [
    { heading: 'Teaching content', body: content.teachingContent },
    { heading: 'Student performance', body: content.studentPerformance },
    { heading: 'Assignment', body: content.assignment },
  ].filter((s) => s.body.trim() !== '');
}

export function feedbackEmail(
  content: FeedbackContent,
  student: { firstName: string; lastName: string; content: string },
): { subject: string; text: string; html: string } {
  const name = `${student.firstName} ${student.lastName}`.trim();
  const when = classTime(content);
  const sections = [
    ...classSections(content),
    ...(student.content.trim() ? [{ heading: `About ${student.firstName}`, body: student.content }] : []),
  ];
  const intro = `Here is the feedback on ${name}'s ${content.course} class on ${when} with ${content.teacher}.`;
  const subject = `Class feedback: ${content.course}, ${DateTime.fromJSDate(content.startAt, {
    zone: content.centre.timeZone,
  }).toFormat('yyyy-MM-dd')} (${name})`;
  const text = [
    'Dear parent,',
    intro,
    ...sections.map((s) => `${s.heading}\n${s.body}`),
    `Kind regards,\n${content.centre.name}`,
  ].join('\n\n');
  const html = [
    '<p>Dear parent,</p>',
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map((s) => `<h3>${escapeHtml(s.heading)}</h3>\n${textToHtml(s.body)}`),
    `<p>Kind regards,<br>${escapeHtml(content.centre.name)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
