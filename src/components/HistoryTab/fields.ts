import type { TAuditEntity } from '@/contracts/audit';

/**
 * Labels of the fields the audit records: the record form's own label where the form has the field,
 * else an audit label. Per kind of record first (a class's "hourlyRate" reads as the class form says).
 */
const COMMON: Record<string, string> = {
  personalData: 'privacy.audit.personalData',
  erasureRequestId: 'privacy.audit.erasureRequestId',
  studentId: 'forms.student.studentId',
  firstName: 'forms.person.firstName',
  lastName: 'forms.person.lastName',
  referrer: 'forms.student.referrer',
  startDate: 'forms.student.startDate',
  endDate: 'audit.field.endDate',
  email: 'forms.person.email',
  phone: 'forms.person.phone',
  wechat: 'forms.person.wechat',
  hourlyRate: 'forms.student.hourlyRate',
  feedbackEmail: 'forms.student.feedbackEmail',
  allowSms: 'forms.student.allowSms',
  allowEmail: 'forms.student.allowEmail',
  feedbackNotification: 'forms.student.feedbackNotification',
  comments: 'forms.common.comments',
  active: 'audit.field.active',
  login: 'forms.person.login',
  password: 'forms.person.password',
  birthday: 'forms.person.birthday',
  activated: 'forms.person.activated',
  preferredName: 'forms.teacher.preferredName',
  employeeId: 'forms.teacher.employeeId',
  sin: 'forms.teacher.sin',
  payrollContact: 'forms.teacher.payrollContact',
  operatingArea: 'forms.teacher.operatingArea',
  advantage: 'forms.teacher.advantage',
  disadvantage: 'forms.teacher.disadvantage',
  feedback: 'forms.teacher.feedback',
  colour: 'forms.teacher.colour',
  courses: 'forms.teacher.courses',
  deleted: 'audit.field.deleted',
  gmail: 'forms.staff.gmail',
  roles: 'audit.field.roles',
  school: 'forms.common.school',
  courseNumber: 'forms.course.courseNumber',
  name: 'forms.course.name',
  description: 'forms.course.description',
  teachers: 'forms.course.teachers',
  student: 'forms.termRegister.student',
  course: 'forms.term.course',
  term: 'forms.termRegister.term',
  teacher: 'forms.termRegister.teacher',
  paymentType: 'forms.termRegister.paymentType',
  price: 'forms.termRegister.price',
  paid: 'forms.termRegister.paid',
  type: 'vouchers.field.type',
  purchaseDate: 'vouchers.field.purchaseDate',
  voucherAmount: 'vouchers.field.voucherAmount',
  giftAmount: 'vouchers.field.giftAmount',
  paymentMethod: 'vouchers.field.paymentMethod',
  classCount: 'vouchers.field.classCount',
  classRate: 'vouchers.field.classRate',
  balanceAfter: 'vouchers.column.balanceAfter',
  status: 'audit.field.status',
  courseType: 'schedules.field.courseType',
  courseId: 'audit.field.courseId',
  teacherId: 'audit.field.teacherId',
  termId: 'audit.field.termId',
  address: 'schedules.field.address',
  startAt: 'schedules.field.start',
  endAt: 'schedules.field.end',
  teacherStartAt: 'schedules.field.teacherStart',
  teacherEndAt: 'schedules.field.teacherEnd',
  teacherHourlyRate: 'schedules.field.teacherHourlyRate',
  confirmedAt: 'audit.field.confirmedAt',
  confirmedById: 'audit.field.confirmedById',
  confirmedBy: 'audit.field.confirmedBy',
  confirmedOnBehalf: 'audit.field.confirmedOnBehalf',
  students: 'schedules.field.students',
  attendance: 'audit.field.attendance',
  lowBalanceThreshold: 'audit.field.lowBalanceThreshold',
  feedbackReminders: 'audit.field.feedbackReminders',
  voucherPaymentMethods: 'vouchers.methods.title',
  feedbackReminderHour: 'audit.field.feedbackReminderHour',
  lessonReminderHours: 'audit.field.lessonReminderHours',
  month: 'audit.field.month',
  classes: 'audit.field.classes',
  totalHours: 'audit.field.totalHours',
  totalAmount: 'audit.field.totalAmount',
  blockers: 'audit.field.blockers',
  acknowledgeBlockers: 'audit.field.acknowledgeBlockers',
  // The platform's billing writes on a centre (issue 10).
  taxRate: 'billing.payment.taxRate',
  creditBalance: 'billing.payment.creditBalance',
  creditUpdate: 'audit.field.creditUpdate',
  invoice: 'audit.field.invoice',
  paidNote: 'audit.field.paidNote',
};

const BY_ENTITY: Partial<Record<TAuditEntity, Record<string, string>>> = {
  TEACHER: { hourlyRate: 'forms.teacher.hourlyRate' },
  SCHEDULE: {
    hourlyRate: 'schedules.field.hourlyRate',
    price: 'schedules.field.price',
    paymentType: 'schedules.field.paymentType',
    studentId: 'forms.termRegister.student',
  },
  PAYROLL_PERIOD: { startDate: 'forms.term.startDate' },
  CLOSURE: { name: 'notify.closure.name', startDate: 'notify.closure.startDate', endDate: 'notify.closure.endDate' },
};

/** Fields in the order the forms show them (jsonb keeps its own key order): unknown ones last. */
const ORDER = new Map(Object.keys(COMMON).map((field, index) => [field, index]));
export const byFormOrder = (a: string, b: string) =>
  (ORDER.get(a) ?? ORDER.size) - (ORDER.get(b) ?? ORDER.size) || a.localeCompare(b);

/** The locale id of a field's label, or undefined for a field nobody named (shown as recorded). */
export function fieldLabelId(entity: TAuditEntity, field: string): string | undefined {
  return BY_ENTITY[entity]?.[field] ?? COMMON[field];
}

/** Fields whose values are amounts of money (2-decimal strings). */
export const MONEY_FIELDS = new Set([
  'hourlyRate',
  'teacherHourlyRate',
  'price',
  'voucherAmount',
  'giftAmount',
  'balanceAfter',
  'totalAmount',
  'lowBalanceThreshold',
  'creditBalance',
  'classRate',
]);

/** Code values shown through a locale id: `prefix + value`. */
export const VALUE_PREFIXES: Record<string, string> = {
  type: 'vouchers.type.',
  status: 'schedules.status.',
  courseType: 'schedules.courseType.',
  attendance: 'schedules.attendance.',
  creditUpdate: 'billingCycles.credit.type.',
  personalData: 'privacy.audit.personalData.',
};

/** Payment types differ between term registrations (forms.paymentType) and classes (schedules.paymentType). */
export const paymentTypePrefix = (entity: TAuditEntity) =>
  entity === 'SCHEDULE' ? 'schedules.paymentType.' : 'forms.paymentType.';

export const ROLE_IDS: Record<string, string> = {
  ROLE_ADMIN: 'forms.staff.role.admin',
  ROLE_OPERATOR: 'forms.staff.role.operator',
  ROLE_TEACHER: 'audit.role.ROLE_TEACHER',
};

/** Locale ids of the kinds and actions, written out so the locale test sees each. */
export const ENTITY_IDS: Record<TAuditEntity, string> = {
  STUDENT: 'audit.entity.STUDENT',
  TEACHER: 'audit.entity.TEACHER',
  USER: 'audit.entity.USER',
  COURSE: 'audit.entity.COURSE',
  TERM_REGISTER: 'audit.entity.TERM_REGISTER',
  SCHEDULE: 'audit.entity.SCHEDULE',
  VOUCHER_PURCHASE: 'audit.entity.VOUCHER_PURCHASE',
  ORGANISATION: 'audit.entity.ORGANISATION',
  PAYROLL_PERIOD: 'audit.entity.PAYROLL_PERIOD',
  CLOSURE: 'audit.entity.CLOSURE',
  HOUSEHOLD: 'audit.entity.HOUSEHOLD',
};
export const ACTION_IDS = {
  CREATE: 'audit.action.CREATE',
  UPDATE: 'audit.action.UPDATE',
  DELETE: 'audit.action.DELETE',
  CONFIRM: 'audit.action.CONFIRM',
  REOPEN: 'audit.action.REOPEN',
  CANCEL: 'audit.action.CANCEL',
  CLOSE: 'audit.action.CLOSE',
} as const;
