// Limits and rule messages of the contracts, in a module without zod. The contracts re-export them;
// client code on every first visit (the request error handler, the sign-in form) imports them from
// here, so that the entry script and the sign-in page do not load zod and the schemas (~95 kB brotli).
// Rules from the seed (section 5) and DECISIONS.md (passwords >= 8).
export const LOGIN_MIN = 4;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72; // bcrypt reads 72 bytes at most
export const EMAIL_MESSAGE = 'Input a valid email address';
export const PHONE_MESSAGE = 'Input a valid phone number';
export const MONEY_MESSAGE = 'Enter an amount of at least 0 with at most 2 decimals';
// Money limits (issue 20, finding 4): the limits themselves are in common.ts.
export const RATE_MAX_MESSAGE = 'An hourly rate or class price is at most 1,000,000.00';
export const AMOUNT_MAX_MESSAGE = 'An amount is at most 100,000,000.00';
export const STUDENT_PRICE_MAX_MESSAGE = 'A price per student is at most 1,000.00';
export const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';
/** Dates and instants outside MIN_DATE..MAX_DATE (common.ts). */
export const DATE_RANGE_MESSAGE = 'Enter a date from 1900-01-01 to 2199-12-31';
export const COURSE_NUMBER_TAKEN_MESSAGE = 'Another course of this school already has this course number';
export const REFERRER_REQUIRED = 'Please select a referrer';
export const STUDENT_ID_EXISTS = 'Student ID already exists!';
export const SIN_MESSAGE = 'SIN must be exactly 9 digits';
export const COLOUR_MESSAGE = 'Colour must be #rrggbb';
export const ALREADY_REGISTERED_MESSAGE = 'This student is already registered in this term';
export const END_AFTER_START_MESSAGE = 'End date must be after the start date';
// Schedules (seed section 5, issue 7).
export const SCHEDULE_TIMES_MESSAGE = 'Please enter Schedule Times';
export const PICK_MONDAY_MESSAGE = 'Pick a Monday and try again';
export const SCHEDULE_RANGE_MESSAGE = 'A schedule download covers at most 31 days';
export const ATTENDANCE_EXPORT_RANGE_MESSAGE = 'An attendance export covers at most 366 days';
export const END_TIME_AFTER_START_MESSAGE = 'End time must be after the start time';
export const CLASS_TOO_LONG_MESSAGE = 'A class lasts at most 12 hours';
export const ONE_ON_ONE_MESSAGE = 'A one-on-one class has exactly one student';
export const SCHEDULE_CONFLICT_MESSAGE = 'This class clashes with other classes';
