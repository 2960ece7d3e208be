// The words of a teacher's class-change notice, in the teacher's language (User.langKey: en-US or
// zh-CN): one change of one class, or a new series as one message listing its classes.
import type { AuditEvent } from '../../../generated/prisma/client';
import type { NoticeLang } from '../../schedules/class-notice-texts';
import { localClassTime } from './job-tools';

type Values = Record<string, unknown> | null;
type Field = 'startAt' | 'endAt' | 'teacherStartAt' | 'teacherEndAt' | 'course' | 'teacher';
type MoreField = 'location' | 'room' | 'address' | 'status' | 'comments' | 'students';

const words = {
  'en-US': {
    headline: { CREATE: 'New class', CANCEL: 'Class cancelled', DELETE: 'Class removed', UPDATE: 'Class changed' },
    fields: {
      startAt: 'Start',
      endAt: 'End',
      teacherStartAt: 'Your start',
      teacherEndAt: 'Your end',
      course: 'Course',
      teacher: 'Teacher',
      location: 'Location',
      room: 'Room',
      address: 'Address',
      status: 'Status',
      comments: 'Comments',
      students: 'Students',
    } satisfies Record<Field | MoreField, string>,
    footer: 'See your classes in Level Up.',
    series: (n: number, course: string) => `New classes: ${n} × ${course}`,
    seriesSms: (n: number, course: string, first: string) => `Level Up: ${n} new classes of ${course}, first ${first}`,
    sms: (title: string, when: string) => `Level Up: ${title.toLowerCase()}: ${when}`,
  },
  'zh-CN': {
    headline: { CREATE: '新课程', CANCEL: '课程已取消', DELETE: '课程已删除', UPDATE: '课程有变动' },
    fields: {
      startAt: '开始',
      endAt: '结束',
      teacherStartAt: '您的开始时间',
      teacherEndAt: '您的结束时间',
      course: '课程',
      teacher: '教师',
      location: '校区',
      room: '教室',
      address: '地点',
      status: '状态',
      comments: '备注',
      students: '学生',
    } satisfies Record<Field | MoreField, string>,
    footer: '请在 Level Up 中查看您的课程。',
    series: (n: number, course: string) => `新课程：${course} 共 ${n} 节`,
    seriesSms: (n: number, course: string, first: string) => `Level Up：新课程 ${course} 共 ${n} 节，首节 ${first}`,
    sms: (title: string, when: string) => `Level Up：${title}：${when}`,
  },
} as const;

function shownValue(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return localClassTime(new Date(value), timeZone);
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'student' in v ? String(v.student) : String(v))).join(', ');
  return String(value);
}

/** One change of one class. */
export function changeText(
  lang: NoticeLang,
  event: AuditEvent,
  klass: { course: string; startAt: Date },
  timeZone: string,
) {
  const w = words[lang];
  const title = w.headline[event.action as keyof typeof w.headline] ?? w.headline.UPDATE;
  const when = `${klass.course}, ${localClassTime(klass.startAt, timeZone)}`;
  const before = event.before as Values;
  const after = event.after as Values;
  const fields = w.fields as Record<string, string>;
  const lines =
    event.action === 'UPDATE'
      ? Object.keys(fields)
          .filter((key) => (before && key in before) || (after && key in after))
          .map(
            (key) => `${fields[key]}: ${shownValue(before?.[key], timeZone)} -> ${shownValue(after?.[key], timeZone)}`,
          )
      : [];
  return {
    subject: `${title}: ${when}`,
    body: [`${title}: ${when}`, ...lines, '', w.footer].join('\n'),
    sms: w.sms(title, when),
  };
}

/** Several classes created at once (a weekly series): one message listing them. */
export function seriesText(lang: NoticeLang, classes: { course: string; startAt: Date }[], timeZone: string) {
  const w = words[lang];
  const sorted = [...classes].sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  const title = w.series(sorted.length, sorted[0].course);
  const lines = sorted.map((c) => `- ${localClassTime(c.startAt, timeZone)} ${c.course}`);
  return {
    subject: title,
    body: [title, ...lines, '', w.footer].join('\n'),
    sms: w.seriesSms(sorted.length, sorted[0].course, localClassTime(sorted[0].startAt, timeZone)),
  };
}
