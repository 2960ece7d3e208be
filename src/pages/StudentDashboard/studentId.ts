/** The largest id the database holds (int4); the server refuses larger ones. */
const MAX_ID = 2_147_483_647;

/**
 * The student id of /student/studentDashboard/:id, or undefined when the path names no student
 * ("abc", "1.5", "007", " 1"): the page then shows the 404 page without asking the server.
 */
export function studentIdFrom(param: string | undefined): number | undefined {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id <= MAX_ID ? id : undefined;
}
