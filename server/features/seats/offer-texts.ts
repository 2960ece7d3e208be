// The words of a freed-seat offer and of "the seat was taken", in the guardian's language (en-US or
// zh-CN), with the class's day and times in the centre's zone.
import { escapeHtml } from '../../messaging/html';
import { localNow } from '../notices/jobs/job-tools';

export interface OfferFacts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  guardian: string | null;
  child: string;
  course: string;
  startAt: Date;
  endAt: Date;
  timeZone: string;
  /** The claim link and when the hold ends (offers only). */
  link?: string;
  expiresAt?: Date;
}

function when(f: OfferFacts) {
  const start = localNow(f.startAt, f.timeZone).setLocale(f.lang);
  const end = localNow(f.endAt, f.timeZone);
  return {
    day: f.lang === 'zh-CN' ? start.toFormat('yyyy-MM-dd cccc') : start.toFormat('cccc yyyy-MM-dd'),
    from: start.toFormat('HH:mm'),
    to: end.toFormat('HH:mm'),
    until: f.expiresAt ? localNow(f.expiresAt, f.timeZone).toFormat('yyyy-MM-dd HH:mm') : '',
  };
}

const email = (subject: string, lines: string[]) => ({
  subject,
  bodyText: lines.join('\n\n'),
  bodyHtml: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
});

export function offerEmail(f: OfferFacts) {
  const w = when(f);
  if (f.lang === 'zh-CN')
    return email(`空出名额：${f.child} 的 ${f.course}，${w.day} ${w.from}`, [
      `${f.guardian ?? ''}，您好：`,
      `${f.centre} 的 ${f.course}（${w.day} ${w.from}–${w.to}）空出了一个名额，可为 ${f.child} 保留到 ${w.until}。`,
      `领取名额：${f.link}`,
      '名额只有一个，先领先得。',
    ]);
  return email(`A seat is free: ${f.course} for ${f.child}, ${w.day} ${w.from}`, [
    `Hello ${f.guardian ?? ''},`.replace(' ,', ','),
    `A seat is free in ${f.course} at ${f.centre} on ${w.day}, ${w.from}–${w.to}. It is held for ${f.child} until ${w.until}.`,
    `Claim the seat: ${f.link}`,
    'There is one seat: the first family to claim it gets it.',
  ]);
}

export function offerSms(f: OfferFacts): string {
  const w = when(f);
  return f.lang === 'zh-CN'
    ? `${f.centre}：${f.course}（${w.day} ${w.from}）空出一个名额，${f.child} 可在 ${w.until} 前领取，先领先得：${f.link}`
    : `${f.centre}: a seat is free in ${f.course} ${w.day} ${w.from} for ${f.child} until ${w.until}, first come first served: ${f.link}`;
}

export function takenEmail(f: OfferFacts) {
  const w = when(f);
  if (f.lang === 'zh-CN')
    return email(`名额已被领取：${f.course}，${w.day} ${w.from}`, [
      `${f.guardian ?? ''}，您好：`,
      `抱歉，${f.course}（${w.day} ${w.from}）空出的名额已被另一个家庭领取。${f.child} 仍保留在候补名单上（如在名单上）。`,
    ]);
  return email(`Seat taken: ${f.course}, ${w.day} ${w.from}`, [
    `Hello ${f.guardian ?? ''},`.replace(' ,', ','),
    `Sorry, the free seat in ${f.course} on ${w.day} at ${w.from} was taken by another family. ${f.child} keeps their place on the waitlist, if on it.`,
  ]);
}

export function takenSms(f: OfferFacts): string {
  const w = when(f);
  return f.lang === 'zh-CN'
    ? `${f.centre}：抱歉，${f.course}（${w.day} ${w.from}）空出的名额已被另一个家庭领取。`
    : `${f.centre}: sorry, the free seat in ${f.course} ${w.day} ${w.from} was taken by another family.`;
}
