// Columns of the import files, in a module without zod: the list pages show them in their Import
// dialog, and importing them from the contracts would put zod and every schema (~97 kB gzip) into
// each list page's first load (issue 6, section 2). The contracts re-export them for the server.

/**
 * Students: in the order of the template, also the export's columns, so an export can be edited and
 * imported back. Student ID, First Name and Last Name are required; Referrer is a referrer's name;
 * Active defaults to Yes; Location is an active location's name (issue 23), blank for the importer's
 * first site or the centre's default location. Location comes last, so files made before it still read.
 */
export const STUDENT_IMPORT_HEADERS = [
  'Student ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Wechat',
  'Start Date',
  'Hourly Rate',
  'Allow SMS',
  'Allow Email',
  'Referrer',
  'Active',
  'Comments',
  'Location',
] as const;
export const STUDENT_REQUIRED_HEADERS = ['Student ID', 'First Name', 'Last Name'] as const;

/**
 * Teachers: the template's header row and the export's columns, so an export can be edited and
 * imported back. Login, Email, First Name and Last Name are required; no password (imported teachers
 * sign in once invited, or once an admin sets one); a masked SIN ("******123", as exported) is left
 * out; Courses are names separated by commas.
 */
export const teacherImportHeaders = [
  'Login',
  'Email',
  'First Name',
  'Last Name',
  'Preferred Name',
  'Employee ID',
  'Phone',
  'Hourly Rate',
  'SIN',
  'Colour',
  'Courses',
  'Activated',
] as const;
export const teacherRequiredHeaders = ['Login', 'Email', 'First Name', 'Last Name'] as const;
