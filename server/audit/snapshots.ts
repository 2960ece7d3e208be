// What the audit keeps of each kind of record: the fields a person edits, as the API shows them
// (money as 2-decimal strings, days as 'YYYY-MM-DD', references by name). Never a password, a
// password hash or a SIN: those are recorded only as having changed (`secretChange`).
import type { TStaff } from '../../src/contracts/staff';
import type { TStudent } from '../../src/contracts/students';
import type { TTeacher } from '../../src/contracts/teachers';
import type { TVoucherPurchase } from '../../src/contracts/vouchers';

type Snapshot = Record<string, unknown>;
const names = (items: readonly { name: string }[]) => items.map((item) => item.name).sort();

export const studentSnapshot = (s: TStudent): Snapshot => ({
  studentId: s.studentId,
  firstName: s.firstName,
  lastName: s.lastName,
  referrer: s.referrer?.name ?? null,
  startDate: s.startDate,
  email: s.email,
  phone: s.phone,
  wechat: s.wechat,
  hourlyRate: s.hourlyRate,
  feedbackEmail: s.feedbackEmail,
  allowSms: s.allowSms,
  allowEmail: s.allowEmail,
  feedbackNotification: s.feedbackNotification,
  comments: s.comments,
  active: s.active,
});

/** A teacher without the SIN (TTeacher carries it masked or in clear: neither is kept). */
export const teacherSnapshot = (t: TTeacher): Snapshot => ({
  login: t.login,
  firstName: t.firstName,
  lastName: t.lastName,
  preferredName: t.preferredName,
  email: t.email,
  phone: t.phone,
  employeeId: t.employeeId,
  birthday: t.birthday,
  wechat: t.wechat,
  payrollContact: t.payrollContact,
  hourlyRate: t.hourlyRate,
  operatingArea: t.operatingArea,
  advantage: t.advantage,
  disadvantage: t.disadvantage,
  feedback: t.feedback,
  colour: t.colour,
  courses: names(t.courses),
  activated: t.activated,
  deleted: t.deleted,
});

/** A staff member (a user): roles as stored. */
export const staffSnapshot = (
  s: Pick<TStaff, 'login' | 'firstName' | 'lastName' | 'email' | 'phone' | 'birthday' | 'gmail' | 'activated'> & {
    roles: readonly string[];
  },
): Snapshot => ({
  login: s.login,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  phone: s.phone,
  birthday: s.birthday,
  gmail: s.gmail,
  roles: [...s.roles].sort(),
  activated: s.activated,
});

export const courseSnapshot = (c: {
  school: string | null;
  courseNumber: string | null;
  name: string;
  description: string | null;
  teachers: { name: string }[];
}): Snapshot => ({
  school: c.school,
  courseNumber: c.courseNumber,
  name: c.name,
  description: c.description,
  teachers: names(c.teachers),
});

export const termRegisterSnapshot = (r: {
  paymentType: string;
  price: string;
  paid: boolean;
  paidOn?: string | null;
  paidMethod?: string | null;
  comments: string | null;
  term: { name: string; startDate: string; endDate: string };
  course: { name: string };
  teacher: { name: string } | null;
  student: { studentId: string; name: string };
}): Snapshot => ({
  student: `${r.student.name} (${r.student.studentId})`,
  course: r.course.name,
  term: `${r.term.name} (${r.term.startDate} – ${r.term.endDate})`,
  teacher: r.teacher?.name ?? null,
  paymentType: r.paymentType,
  price: r.price,
  paid: r.paid,
  // When and how it was paid, once it is (an unpaid registration has neither).
  ...(r.paid ? { paidOn: r.paidOn ?? null, paidMethod: r.paidMethod ?? null } : {}),
  comments: r.comments,
});

export const voucherPurchaseSnapshot = (p: TVoucherPurchase): Snapshot => ({
  student: `${p.student.name} (${p.student.studentId})`,
  type: p.type,
  purchaseDate: p.purchaseDate,
  voucherAmount: p.voucherAmount,
  giftAmount: p.giftAmount,
  paymentMethod: p.paymentMethod,
  classCount: p.classCount,
  classRate: p.classRate,
  comments: p.comments,
  balanceAfter: p.balanceAfter,
});

/** Marks for a secret (a SIN, a password) that changed; the values themselves are never recorded. */
export const SECRET_SET = '[set]';
export const SECRET_CHANGED = '[changed]';

/**
 * Before/after entries of a secret that changed, to spread into the snapshots; nothing when it did not.
 * `had`/`has`: whether one is stored before and after.
 */
export function secretChange(field: string, changed: boolean, had: boolean, has: boolean) {
  if (!changed) return { before: {}, after: {} };
  return { before: { [field]: had ? SECRET_SET : null }, after: { [field]: has ? SECRET_CHANGED : null } };
}
