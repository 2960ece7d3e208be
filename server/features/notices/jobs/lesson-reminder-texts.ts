// The words of a lesson reminder to a guardian, in the guardian's language (en-US or zh-CN): who has
// which lesson, with whom, when (the centre's zone) and where.
import { escapeHtml } from '../../../messaging/html';
import { localNow } from './job-tools';

export interface ReminderFacts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  guardian: string | null;
  /** First names of the household's children in this class. */
  children: string[];
  course: string;
  teacher: string;
  startAt: Date;
  endAt: Date;
  address: string | null;
  timeZone: string;
  hours: number;
}

function when(f: ReminderFacts) {
  const start = localNow(f.startAt, f.timeZone).setLocale(f.lang);
  const end = localNow(f.endAt, f.timeZone);
  return {
    day: f.lang === 'zh-CN' ? start.toFormat('yyyy-MM-dd cccc') : start.toFormat('cccc yyyy-MM-dd'),
    from: start.toFormat('HH:mm'),
    to: end.toFormat('HH:mm'),
  };
}

function names(lang: ReminderFacts['lang'], children: string[]) {
  if (lang === 'zh-CN') return children.join('、');
  return children.length <= 1 ? children.join('') : `${children.slice(0, -1).join(', ')} and ${children.at(-1)}`;
}

export function reminderEmail(f: ReminderFacts) {
  const w = when(f);
  const kids = names(f.lang, f.children);
  const lines =
    f.lang === 'zh-CN'
      ? [
          `${f.guardian ?? ''}，您好：`,
          `${f.centre} 提醒您：${kids} 的 ${f.course}（${f.teacher} 老师）在 ${w.day} ${w.from}–${w.to}。`,
          ...(f.address ? [`地点：${f.address}`] : []),
          `如果 ${kids} 不能来上课，请尽快告诉中心。`,
          `我们在每节课前 ${f.hours} 小时发送提醒；如不需要，可请中心为您的家庭关闭。`,
        ]
      : [
          `Hello ${f.guardian ?? ''},`.replace(' ,', ','),
          `A reminder from ${f.centre}: ${kids} has ${f.course} with ${f.teacher} on ${w.day}, ${w.from}–${w.to}.`,
          ...(f.address ? [`Address: ${f.address}`] : []),
          `If ${kids} cannot come, please tell the centre as soon as you can.`,
          `These reminders come ${f.hours} hours before each lesson; the centre can turn them off for your family.`,
        ];
  const subject =
    f.lang === 'zh-CN'
      ? `上课提醒：${kids} 的 ${f.course}，${w.day} ${w.from}`
      : `Reminder: ${kids}'s ${f.course}, ${w.day} ${w.from}`;
  return {
    subject,
    bodyText: lines.join('\n\n'),
    bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

export function reminderSms(f: ReminderFacts): string {
  const w = when(f);
  const kids = names(f.lang, f.children);
  return f.lang === 'zh-CN'
    ? `${f.centre}：上课提醒，${kids} 的 ${f.course}（${f.teacher} 老师）${w.day} ${w.from}–${w.to}${f.address ? `，地点 ${f.address}` : ''}。回复 1 表示会来，回复 2 表示不能来。`
    : `${f.centre}: reminder, ${kids} has ${f.course} with ${f.teacher} ${w.day} ${w.from}–${w.to}${f.address ? ` at ${f.address}` : ''}. Reply 1 if coming, 2 if you cannot come.`;
}
