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
export const DATE_MESSAGE = 'Enter a date as YYYY-MM-DD';
export const COURSE_NUMBER_TAKEN_MESSAGE = 'Another course of this school already has this course number';
export const REFERRER_REQUIRED = 'Please select a referrer';
export const STUDENT_ID_EXISTS = 'Student ID already exists!';
export const SIN_MESSAGE = 'SIN must be exactly 9 digits';
export const COLOUR_MESSAGE = 'Colour must be #rrggbb';
export const ALREADY_REGISTERED_MESSAGE = 'This student is already registered in this term';
export const END_AFTER_START_MESSAGE = 'End date must be after the start date';
