import { Link, useIntl } from '@umijs/max';
import { Tag } from 'antd';
import type { TMakeUpCredit } from '@/contracts/lessons';
import type { Formatter } from '@/utils/format';
import { errorText, isErrorReply, toRequestFailure } from '@/utils/requestError';

export type T = (id: string, values?: Record<string, string | number>) => string;

export function useT(): T {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}

/** The server's refusal as it states it (its language), else "please try again". */
export function refusalText(error: unknown, t: T): string {
  const failure = toRequestFailure(error);
  return isErrorReply(failure.body) ? errorText(failure.body, t) : t('request.error.retry');
}

const STATUS_COLOURS = { AVAILABLE: 'green', USED: 'blue', EXPIRED: 'default', REVOKED: 'default' } as const;

export function CreditStatusTag({ status, t }: { status: TMakeUpCredit['status']; t: T }) {
  return <Tag color={STATUS_COLOURS[status]}>{t(`lessons.credit.status.${status}`)}</Tag>;
}

type LessonRef = TMakeUpCredit['earnedBy'];

/** "Mathematics · 2026-12-01 16:00 · Ann Archer", linked to the class on the desk (the table view filtered by id). */
export function LessonRefText({ lesson, fmt, link }: { lesson: LessonRef; fmt: Formatter; link: boolean }) {
  const text = `${lesson.courseName} · ${fmt.dateTime(lesson.startAt)} · ${lesson.teacherName}`;
  return link ? <Link to={`/schedule/table-view?id=${lesson.id}`}>{text}</Link> : <span>{text}</span>;
}
