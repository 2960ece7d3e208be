// The words of class-change emails and SMS, in en-US and zh-CN: the recipient's language when known
// (a user's langKey), else the centre's default (en-US; students have no language of their own yet).
import { localClassTime } from '../notices/jobs/job-tools';

export type NoticeLang = 'en-US' | 'zh-CN';
export const noticeLang = (langKey: string | null | undefined): NoticeLang =>
  langKey?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';

/** What happened to one class, as a family reads it. */
export interface FamilyClassChange {
  kind: 'moved' | 'cancelled' | 'changed';
  course: string;
  /** The class's start before the change, and after (moved). */
  was: Date;
  now: Date;
  address: string | null;
}

const words = {
  'en-US': {
    subject: { moved: 'Class moved', cancelled: 'Class cancelled', changed: 'Class changed' },
    several: 'Classes changed',
    hello: (centre: string, student: string) => `Hello, this is ${centre}. ${student}'s classes have changed:`,
    moved: (c: string, was: string, now: string) => `- ${c}: ${was} is moved to ${now}`,
    cancelled: (c: string, was: string) => `- ${c}: ${was} is cancelled`,
    changed: (c: string, was: string, address: string) => `- ${c}: ${was}, now at ${address}`,
    more: (n: number) => `and ${n} more`,
    footer: 'Questions? Reply to this email or call the centre.',
    sms: (centre: string, student: string, line: string) => `${centre}: ${student}: ${line}`,
  },
  'zh-CN': {
    subject: { moved: '课程时间调整', cancelled: '课程已取消', changed: '课程信息变更' },
    several: '课程变更',
    hello: (centre: string, student: string) => `您好，这里是${centre}。${student}的课程有以下变动：`,
    moved: (c: string, was: string, now: string) => `- ${c}：${was} 改到 ${now}`,
    cancelled: (c: string, was: string) => `- ${c}：${was} 已取消`,
    changed: (c: string, was: string, address: string) => `- ${c}：${was}，地点改为 ${address}`,
    more: (n: number) => `另有 ${n} 节`,
    footer: '如有疑问，请回复此邮件或致电中心。',
    sms: (centre: string, student: string, line: string) => `${centre}：${student}：${line}`,
  },
} as const;

/** SMS lines name at most this many classes; the rest are counted. */
const SMS_LISTED = 1;

function classLine(lang: NoticeLang, change: FamilyClassChange, zone: string) {
  const w = words[lang];
  const was = localClassTime(change.was, zone);
  if (change.kind === 'cancelled') return w.cancelled(change.course, was);
  if (change.kind === 'moved') return w.moved(change.course, was, localClassTime(change.now, zone));
  return w.changed(change.course, was, change.address ?? '-');
}

/** One family's email and SMS about the changes to one student's classes. */
export function familyNoticeText(
  lang: NoticeLang,
  input: { centre: string; student: string; changes: FamilyClassChange[]; zone: string },
) {
  const w = words[lang];
  const lines = input.changes.map((change) => classLine(lang, change, input.zone));
  const kinds = new Set(input.changes.map((change) => change.kind));
  const course = input.changes[0].course;
  const subject = kinds.size === 1 ? `${w.subject[input.changes[0].kind]}: ${course}` : `${w.several}: ${course}`;
  const first = lines.slice(0, SMS_LISTED).map((line) => line.slice(2));
  if (lines.length > SMS_LISTED) first.push(w.more(lines.length - SMS_LISTED));
  return {
    subject: `${subject} (${input.student})`,
    body: [w.hello(input.centre, input.student), ...lines, '', w.footer].join('\n'),
    sms: w.sms(input.centre, input.student, first.join(lang === 'zh-CN' ? '；' : '; ')),
  };
}
