// The words of the notice to a teacher whose classes another teacher covers, in the teacher's language.

import { localClassTime } from '../notices/jobs/job-tools';
import type { NoticeLang } from '../schedules/class-notice-texts';

const words = {
  'en-US': {
    subject: (who: string) => `${who} covers your classes`,
    intro: (who: string) => `${who} teaches these classes of yours instead of you:`,
    footer: 'You still see them in Level Up, marked as covered.',
    sms: (who: string, n: number, first: string) =>
      n === 1
        ? `Level Up: ${who} covers your class ${first}`
        : `Level Up: ${who} covers ${n} of your classes, first ${first}`,
  },
  'zh-CN': {
    subject: (who: string) => `${who} 代您上课`,
    intro: (who: string) => `${who} 将代替您上以下课程：`,
    footer: '您仍可在 Level Up 中看到这些课程，并标有代课。',
    sms: (who: string, n: number, first: string) =>
      n === 1 ? `Level Up：${who} 代您上课 ${first}` : `Level Up：${who} 代您上 ${n} 节课，首节 ${first}`,
  },
} as const;

export function coverNoticeText(
  lang: NoticeLang,
  { substitute, classes, zone }: { substitute: string; classes: { course: string; startAt: Date }[]; zone: string },
) {
  const w = words[lang];
  const lines = classes.map((c) => `${c.course}, ${localClassTime(c.startAt, zone)}`);
  return {
    subject: w.subject(substitute),
    body: [w.intro(substitute), '', ...lines, '', w.footer].join('\n'),
    sms: w.sms(substitute, classes.length, lines[0] ?? ''),
  };
}
