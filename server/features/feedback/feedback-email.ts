// The feedback email of one student's family, and the same content as sections for the PDF: one
// rendering, used by preview, submit and the PDF, so what is previewed is what is sent. In en-US (the
// student's own address: a student has no language of their own) or zh-CN (a guardian who reads
// Chinese, and the PDF for a Chinese reader); the teacher's words stay as written.
import { DateTime } from 'luxon';
import { escapeHtml, textToHtml } from '../../messaging/html';

export type FeedbackLang = 'en-US' | 'zh-CN';

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

/** Every fixed text of the feedback email and PDF, per language. */
export const FEEDBACK_WORDS = {
  'en-US': {
    teaching: 'Teaching content',
    performance: 'Student performance',
    assignment: 'Assignment',
    about: (first: string) => `About ${first}`,
    intro: (name: string, course: string, when: string, teacher: string) =>
      `Here is the feedback on ${name}'s ${course} class on ${when} with ${teacher}.`,
    subject: (course: string, day: string, name: string) => `Class feedback: ${course}, ${day} (${name})`,
    hello: 'Dear parent,',
    regards: 'Kind regards,',
    title: (course: string) => `Class feedback: ${course}`,
    submitted: (day: string) => `Submitted ${day}`,
    draft: 'Draft (not submitted)',
    students: 'Students',
  },
  'zh-CN': {
    teaching: '教学内容',
    performance: '学生表现',
    assignment: '作业',
    about: (first: string) => `关于${first}`,
    intro: (name: string, course: string, when: string, teacher: string) =>
      `以下是${name}在 ${when} 由${teacher}老师授课的${course}课程反馈。`,
    subject: (course: string, day: string, name: string) => `课程反馈：${course}，${day}（${name}）`,
    hello: '尊敬的家长：',
    regards: '此致敬礼，',
    title: (course: string) => `课程反馈：${course}`,
    submitted: (day: string) => `提交于 ${day}`,
    draft: '草稿（未提交）',
    students: '学生',
  },
} as const;

/** "Monday, March 2, 2026, 16:00–17:00" (zh-CN: "2026年3月2日 星期一 16:00–17:00") in the centre's zone. */
export function classTime(
  content: Pick<FeedbackContent, 'centre' | 'startAt' | 'endAt'>,
  lang: FeedbackLang = 'en-US',
) {
  const start = DateTime.fromJSDate(content.startAt, { zone: content.centre.timeZone });
  const end = DateTime.fromJSDate(content.endAt, { zone: content.centre.timeZone });
  if (lang === 'zh-CN')
    return `${start.setLocale('zh-CN').toFormat('yyyy年M月d日 cccc HH:mm')}–${end.toFormat('HH:mm')}`;
  return `${start.setLocale('en').toFormat('cccc, LLLL d, yyyy, HH:mm')}–${end.toFormat('HH:mm')}`;
}

/** The class's sections, those left empty out. */
export function classSections(content: FeedbackContent, lang: FeedbackLang = 'en-US'): Section[] {
  const w = FEEDBACK_WORDS[lang];
  return [
    { heading: w.teaching, body: content.teachingContent },
    { heading: w.performance, body: content.studentPerformance },
    { heading: w.assignment, body: content.assignment },
  ].filter((s) => s.body.trim() !== '');
}

export function feedbackEmail(
  content: FeedbackContent,
  student: { firstName: string; lastName: string; content: string },
  lang: FeedbackLang = 'en-US',
): { subject: string; text: string; html: string } {
  const w = FEEDBACK_WORDS[lang];
  const name = `${student.firstName} ${student.lastName}`.trim();
  const when = classTime(content, lang);
  const sections = [
    ...classSections(content, lang),
    ...(student.content.trim() ? [{ heading: w.about(student.firstName), body: student.content }] : []),
  ];
  const intro = w.intro(name, content.course, when, content.teacher);
  const day = DateTime.fromJSDate(content.startAt, { zone: content.centre.timeZone }).toFormat('yyyy-MM-dd');
  const subject = w.subject(content.course, day, name);
  const text = [
    w.hello,
    intro,
    ...sections.map((s) => `${s.heading}\n${s.body}`),
    `${w.regards}\n${content.centre.name}`,
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(w.hello)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map((s) => `<h3>${escapeHtml(s.heading)}</h3>\n${textToHtml(s.body)}`),
    `<p>${escapeHtml(w.regards)}<br>${escapeHtml(content.centre.name)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
