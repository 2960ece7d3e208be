// The words of a household's lesson changes sent as one message (issue 37, finding 14), in the
// guardian's language. One child's class changes keep the class-change words (class-notice-texts.ts),
// one lesson cancelled alone keeps its confirmation (lesson-texts.ts); anything more (two children, a
// cancelled lesson with a moved class) lists every change: child, class, date and time in the centre's
// zone, what happened. Catalog texts (server/i18n/zh-CN-message-volume.ts).
import { render, type Text, t } from '../../../i18n/text';
import { cancellationMessage, LESSON_CANCELLED_TEMPLATE } from '../../lessons/lesson-texts';
import { familyNoticeText, type NoticeLang } from '../../schedules/class-notice-texts';
import { FAMILY_CLASS_CHANGE_TEMPLATE } from '../../schedules/class-notices';
import type { HeldChangeFacts } from '../../schedules/family-lesson-changes';
import { localClassTime } from './job-tools';

export const FAMILY_LESSON_CHANGES_TEMPLATE = 'family-lesson-changes';

/** SMS lines name at most this many changes; the rest are counted. */
const SMS_LISTED = 3;

export interface DigestChange {
  studentId: number;
  /** The child's name as it is when the message is written. */
  student: string;
  facts: HeldChangeFacts;
}

export interface DigestText {
  template: string;
  /** A message about one child is on the child's record, several children's on the household's. */
  entityType: 'STUDENT' | 'HOUSEHOLD';
  entityId: number;
  subject: string;
  body: string;
  sms: string;
}

function changeLine(change: DigestChange, zone: string): Text {
  const { facts } = change;
  const base = { student: change.student, course: facts.course, when: localClassTime(new Date(facts.was), zone) };
  if (facts.kind === 'moved')
    return t('{student}, {course}, {when}: moved to {to}', { ...base, to: localClassTime(new Date(facts.now), zone) });
  if (facts.kind === 'changed')
    return t('{student}, {course}, {when}: now at {place}', { ...base, place: facts.address ?? '-' });
  if (facts.kind === 'lesson-cancelled' && facts.consequence)
    return t('{student}, {course}, {when}: cancelled. {consequence}', { ...base, consequence: facts.consequence });
  return t('{student}, {course}, {when}: cancelled', base);
}

/** The message of `changes` (one household's, oldest first) to one reader in `lang`. */
export function lessonChangesText(
  lang: NoticeLang,
  input: { centre: string; zone: string; householdId: number; changes: readonly DigestChange[] },
): DigestText {
  const { centre, zone, changes } = input;
  const children = [...new Map(changes.map((c) => [c.studentId, c.student])).entries()];
  const [first] = changes;
  if (children.length === 1 && changes.every((c) => c.facts.kind !== 'lesson-cancelled')) {
    const text = familyNoticeText(lang, {
      centre,
      student: first.student,
      zone,
      changes: changes.map(({ facts }) => ({
        kind: facts.kind as 'moved' | 'cancelled' | 'changed',
        course: facts.course,
        was: new Date(facts.was),
        now: new Date(facts.now),
        address: facts.address,
      })),
    });
    return { template: FAMILY_CLASS_CHANGE_TEMPLATE, entityType: 'STUDENT', entityId: first.studentId, ...text };
  }
  if (changes.length === 1 && first.facts.consequence) {
    const text = cancellationMessage({
      lang,
      centre,
      student: first.student,
      course: first.facts.course,
      startAt: new Date(first.facts.was),
      timeZone: zone,
      consequence: first.facts.consequence,
    });
    return { template: LESSON_CANCELLED_TEMPLATE, entityType: 'STUDENT', entityId: first.studentId, ...text };
  }
  const lines = changes.map((change) => render(changeLine(change, zone), lang));
  const separator = lang === 'zh-CN' ? '；' : '; ';
  const listed = lines.slice(0, SMS_LISTED).join(separator);
  const more =
    lines.length > SMS_LISTED ? ` ${render(t('and {count} more', { count: lines.length - SMS_LISTED }), lang)}` : '';
  return {
    template: FAMILY_LESSON_CHANGES_TEMPLATE,
    entityType: children.length === 1 ? 'STUDENT' : 'HOUSEHOLD',
    entityId: children.length === 1 ? first.studentId : input.householdId,
    subject: render(
      t('Lesson changes: {children}', {
        children: children.map(([, name]) => name).join(lang === 'zh-CN' ? '、' : ', '),
      }),
      lang,
    ),
    body: [
      render(t("Hello, this is {centre}. Your family's lessons have changed:", { centre }), lang),
      ...lines.map((line) => `- ${line}`),
      '',
      render(t('Questions? Reply to this email or call the centre.'), lang),
    ].join('\n'),
    sms: `${render(t('{centre}: {count} lesson changes:', { centre, count: lines.length }), lang)} ${listed}${more}`,
  };
}
