// The words of a lesson cancellation (issue 22): the one-sentence consequence shown before anyone
// confirms (the desk and the portal, in the reader's language) and the confirmation a family receives
// (in each guardian's language). Catalog texts (server/i18n/zh-CN-lessons.ts), so both languages come
// from the same facts.
import { render, type Text, t } from '../../i18n/text';
import { moneyText } from '../money/money-text';
import { localNow } from '../notices/jobs/job-tools';
import type { Canceller } from './policy';

export const LESSON_CANCELLED_TEMPLATE = 'lesson-cancelled';

export interface ConsequenceFacts {
  by: Canceller;
  late: boolean;
  noticeHours: number;
  /** The amount charged ('0.00' when nothing), or null for a lesson not paid by voucher. */
  charge: string | null;
  chargePercent: number;
  currency: string;
  credit: boolean;
  returnCredit: boolean;
  quotaReached: boolean;
  makeUpQuota: number;
  /** The lesson is itself a make-up (paid by a credit). */
  makeUp: boolean;
}

/** "Cancelling now (less than 24 hours before) charges CA$40.00 and gives no make-up lesson." */
export function consequenceText(f: ConsequenceFacts): Text {
  const lead =
    f.by === 'CENTRE'
      ? t('Cancelling for the centre')
      : f.by === 'TEACHER'
        ? t("Cancelling for the teacher's absence")
        : f.late
          ? t('Cancelling now (less than {hours} hours before)', { hours: f.noticeHours })
          : t('Cancelling now (at least {hours} hours before)', { hours: f.noticeHours });
  const cost =
    f.charge !== null && Number(f.charge) > 0
      ? t('charges {amount}', { amount: moneyText(f.charge, f.currency) })
      : f.charge === null && f.chargePercent > 0
        ? t('counts as a lesson taken')
        : t('costs nothing');
  const credit = f.returnCredit
    ? t('gives the make-up credit back')
    : f.credit
      ? t('gives a make-up lesson')
      : f.quotaReached
        ? t("gives no make-up lesson (this term's {quota} make-up lessons are used)", { quota: f.makeUpQuota })
        : f.makeUp
          ? t('uses up the make-up credit it was booked with')
          : t('gives no make-up lesson');
  return t('{lead} {cost} and {credit}.', { lead, cost, credit });
}

export interface CancellationMessageFacts {
  lang: 'en-US' | 'zh-CN';
  centre: string;
  student: string;
  course: string;
  startAt: Date;
  timeZone: string;
  consequence: Text;
}

/** The family's confirmation: email subject and body, and the SMS. */
export function cancellationMessage(f: CancellationMessageFacts) {
  const when = localNow(f.startAt, f.timeZone).toFormat('yyyy-MM-dd HH:mm');
  const lesson = t("{student}'s {course} lesson on {when} is cancelled.", {
    student: f.student,
    course: f.course,
    when,
  });
  const consequence = render(f.consequence, f.lang);
  const subject = render(t('Lesson cancelled: {student}, {when}', { student: f.student, when }), f.lang);
  const body = [
    render(t('Hello, this is {centre}.', { centre: f.centre }), f.lang),
    render(lesson, f.lang),
    consequence,
    render(t('Questions? Reply to this email or call the centre.'), f.lang),
  ].join('\n\n');
  const sms = `${f.centre}: ${render(lesson, f.lang)} ${consequence}`;
  return { subject, body, sms };
}
