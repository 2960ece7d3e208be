// What every report starts from: the caller's centre (its zone and currency) and filters that must
// name a student or teacher of that centre (another centre's id is a 400 naming the field).
import {
  NO_SUCH_LOCATION_MESSAGE,
  NO_SUCH_STUDENT_MESSAGE,
  NO_SUCH_TEACHER_MESSAGE,
} from '../../../src/contracts/reports';
import type { PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { type CellFormat, cellFormatOf } from '../../http/spreadsheet';
import { organisationOf } from '../../http/tenancy';
import { atOwnSite, sitesOf, studentSiteWhere } from '../locations/sites';

export interface ReportCentre extends CellFormat {
  organisationId: number;
}

export async function reportCentre(prisma: PrismaClient, auth: AuthContext): Promise<ReportCentre> {
  const organisationId = organisationOf(auth);
  return { organisationId, ...(await cellFormatOf(prisma, organisationId)) };
}

/** Refuses a studentId that is not a student of the centre (nor, for a site-limited operator, of their sites). */
export async function checkStudent(prisma: PrismaClient, auth: AuthContext, studentId: number | undefined) {
  if (studentId === undefined) return;
  const where = { id: studentId, organisationId: organisationOf(auth), ...studentSiteWhere(auth) };
  const found = await prisma.student.count({ where });
  if (!found) throw fieldError('studentId', NO_SUCH_STUDENT_MESSAGE);
}

/** Refuses a teacherId that is not a teacher of the centre (deleted teachers keep their history). */
export async function checkTeacher(prisma: PrismaClient, organisationId: number, teacherId: number | undefined) {
  if (teacherId === undefined) return;
  const found = await prisma.teacher.count({ where: { id: teacherId, organisationId } });
  if (!found) throw fieldError('teacherId', NO_SUCH_TEACHER_MESSAGE);
}

/**
 * The locations a report covers (issue 23): the asked `locationId` (a location of the centre and, for a
 * site-limited operator, one of their sites: else a 400 naming the field, as for a student filter),
 * else the caller's sites; undefined: every location, classes and students without one included.
 */
export async function reportLocations(
  prisma: PrismaClient,
  auth: AuthContext,
  locationId: number | undefined,
): Promise<number[] | undefined> {
  if (locationId === undefined) return sitesOf(auth) ?? undefined;
  const found = await prisma.location.count({ where: { id: locationId, organisationId: organisationOf(auth) } });
  if (!found || !atOwnSite(auth, locationId)) throw fieldError('locationId', NO_SUCH_LOCATION_MESSAGE);
  return [locationId];
}
