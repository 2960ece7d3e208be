import dayjs, { type Dayjs } from 'dayjs';
import { todayIn } from '@/components/RecordForm/today';
import type { TSchedule, TScheduleCreateBody, TScheduleUpdateBody } from '@/contracts/schedules';
import { instantOf, isoWeekday, wallOf } from './zone';

/** A picked student, with its label (the select keeps labels of students a new search does not find). */
export type StudentPick = { value: number; label: string };

export interface SlotValues {
  weekday: number;
  startTime: Dayjs;
  endTime: Dayjs;
}

/** What the form edits: wall-clock day and times in the centre's zone, turned into instants on save. */
type TCourseType = TSchedule['courseType'];
type TPaymentType = TSchedule['paymentType'];

export interface ScheduleValues {
  courseType: TCourseType;
  courseId: number;
  teacherId: number;
  students: StudentPick[];
  /** Where (issue 23): the location (left out: the server's default) and the room (none: null). */
  locationId?: number;
  roomId?: number | null;
  address?: string;
  day: Dayjs;
  startTime: Dayjs;
  endTime: Dayjs;
  teacherTimes?: boolean;
  teacherStartTime?: Dayjs;
  teacherEndTime?: Dayjs;
  termId?: number | null;
  hourlyRate?: string;
  teacherHourlyRate?: string;
  price?: string;
  paymentType: TPaymentType;
  comments?: string;
  /** Seats of a group class (empty: no limit), and whether to enrol beyond them. */
  capacity?: number | null;
  overrideCapacity?: boolean;
  repeat?: boolean;
  slots?: SlotValues[];
  repeatEnd?: 'until' | 'count';
  untilDate?: Dayjs;
  count?: number;
}

/** For a new class: what the calendar (or a filtered list) already knows. */
export interface ScheduleDefaults {
  /** A day ('YYYY-MM-DD', e.g. a month-view cell) when no start time is known. */
  day?: string;
  startAt?: string;
  endAt?: string;
  teacherId?: number;
  courseId?: number;
  students?: StudentPick[];
}

/** A time of day as a dayjs (the time pickers' value); the date part is irrelevant. */
export const clock = (time: string): Dayjs => dayjs(`2000-01-01T${time === '24:00' ? '23:59' : time}`);
const dayText = (value: Dayjs | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.format('YYYY-MM-DD');
const timeText = (value: Dayjs | string) => (typeof value === 'string' ? value.slice(0, 5) : value.format('HH:mm'));
const blank = (value: string | undefined | null) => (value?.trim() ? value.trim() : null);

export function initialValues(
  zone: string,
  record?: TSchedule,
  defaults: ScheduleDefaults = {},
): Partial<ScheduleValues> {
  if (record) {
    const start = wallOf(record.startAt, zone);
    const end = wallOf(record.endAt, zone);
    const teacherStart = wallOf(record.teacherStartAt, zone);
    const teacherEnd = wallOf(record.teacherEndAt, zone);
    return {
      courseType: record.courseType,
      courseId: record.course.id,
      teacherId: record.teacher.id,
      students: record.students.map((s) => ({ value: s.id, label: `${s.name} (${s.studentId})` })),
      locationId: record.location?.id,
      roomId: record.room?.id ?? null,
      address: record.address ?? '',
      day: dayjs(start.day),
      startTime: clock(start.time),
      endTime: clock(end.time),
      teacherTimes: record.teacherStartAt !== record.startAt || record.teacherEndAt !== record.endAt,
      teacherStartTime: clock(teacherStart.time),
      teacherEndTime: clock(teacherEnd.time),
      termId: record.term?.id ?? null,
      hourlyRate: record.hourlyRate ?? '',
      teacherHourlyRate: record.teacherHourlyRate ?? '',
      price: record.price ?? '',
      paymentType: record.paymentType,
      comments: record.comments ?? '',
      capacity: record.capacity,
      overrideCapacity: false,
    };
  }
  const start = defaults.startAt ? wallOf(defaults.startAt, zone) : undefined;
  const end = defaults.endAt ? wallOf(defaults.endAt, zone) : undefined;
  return {
    courseType: 'ONE_ON_ONE',
    paymentType: 'VOUCHER',
    courseId: defaults.courseId,
    day: dayjs(todayIn(zone)),
    teacherId: defaults.teacherId,
    students: defaults.students ?? [],
    ...(defaults.day ? { day: dayjs(defaults.day) } : {}),
    ...(start ? { day: dayjs(start.day), startTime: clock(start.time) } : {}),
    ...(end ? { endTime: clock(end.time) } : {}),
    teacherTimes: false,
    repeat: false,
    slots: [],
    repeatEnd: 'count',
    count: 10,
  };
}

/** The first slot of a new repetition: the class's own weekday and times. */
export function slotOfClass(values: Partial<ScheduleValues>): SlotValues[] {
  if (!values.day || !values.startTime || !values.endTime) return [];
  return [{ weekday: isoWeekday(dayText(values.day)), startTime: values.startTime, endTime: values.endTime }];
}

type Body = Omit<TScheduleCreateBody, 'override' | 'repeat'>;

/** The write's body: wall-clock times in the centre's zone become instants (DST-exact through the zone). */
export function toBody(values: ScheduleValues, zone: string, record?: TSchedule): Body {
  const day = dayText(values.day);
  const at = (time: Dayjs) => instantOf(day, timeText(time), zone);
  const rates = new Map(record?.students.map((s) => [s.id, s.hourlyRate]) ?? []);
  const { teacherStartTime, teacherEndTime } = values;
  const teacherTimes =
    values.teacherTimes && teacherStartTime && teacherEndTime
      ? { teacherStartAt: at(teacherStartTime), teacherEndAt: at(teacherEndTime) }
      : {};
  return {
    courseType: values.courseType,
    courseId: values.courseId,
    teacherId: values.teacherId,
    ...(values.locationId ? { locationId: values.locationId } : {}),
    roomId: values.roomId ?? null,
    address: blank(values.address),
    startAt: at(values.startTime),
    endAt: at(values.endTime),
    ...teacherTimes,
    termId: values.termId ?? null,
    hourlyRate: blank(values.hourlyRate),
    teacherHourlyRate: blank(values.teacherHourlyRate),
    price: blank(values.price),
    paymentType: values.paymentType,
    comments: blank(values.comments),
    capacity: values.courseType === 'GROUP' ? (values.capacity ?? null) : null,
    ...(values.overrideCapacity ? { overrideCapacity: true } : {}),
    // A kept student keeps the rate the class charges them; a new one gets the student's own rate.
    students: (values.students ?? []).map((s) => ({ studentId: s.value, hourlyRate: rates.get(s.value) ?? null })),
  };
}

export function toCreateBody(values: ScheduleValues, zone: string): TScheduleCreateBody {
  const body = toBody(values, zone);
  if (!values.repeat) return body;
  return {
    ...body,
    repeat: {
      slots: (values.slots ?? []).map((slot) => ({
        weekday: slot.weekday,
        startTime: timeText(slot.startTime),
        endTime: timeText(slot.endTime),
      })),
      ...(values.repeatEnd === 'until'
        ? { untilDate: values.untilDate ? dayText(values.untilDate) : undefined }
        : { count: values.count }),
    },
  };
}

export function toUpdateBody(
  values: ScheduleValues,
  zone: string,
  record: TSchedule,
  scope?: Pick<TScheduleUpdateBody, 'scope' | 'rateScope'>,
): TScheduleUpdateBody {
  return { ...toBody(values, zone, record), ...scope };
}

/** Whether the student's or the teacher's hourly rate changed (a series then asks the rates' scope). */
export function ratesChanged(values: ScheduleValues, record: TSchedule): boolean {
  const same = (a: string | null | undefined, b: string | null) => Number(blank(a) ?? -1) === Number(b ?? -1);
  return !same(values.hourlyRate, record.hourlyRate) || !same(values.teacherHourlyRate, record.teacherHourlyRate);
}

/** The form field a server field error belongs to ('repeat.slots.0.endTime' -> ['slots', 0, 'endTime']). */
export function formFieldOf(field: string): (string | number)[] | undefined {
  const simple: Record<string, string> = {
    startAt: 'startTime',
    endAt: 'endTime',
    teacherStartAt: 'teacherStartTime',
    teacherEndAt: 'teacherEndTime',
    'repeat.untilDate': 'untilDate',
    'repeat.count': 'count',
    'repeat.slots': 'slots',
  };
  if (simple[field]) return [simple[field]];
  if (field === 'students' || field.startsWith('students.')) return ['students'];
  const slot = /^repeat\.slots\.(\d+)\.(weekday|startTime|endTime)$/.exec(field);
  if (slot) return ['slots', Number(slot[1]), slot[2]];
  const own = [
    'courseType',
    'courseId',
    'teacherId',
    'locationId',
    'roomId',
    'address',
    'termId',
    'hourlyRate',
    'teacherHourlyRate',
    'price',
    'paymentType',
    'comments',
    'capacity',
  ];
  return own.includes(field) ? [field] : undefined;
}
