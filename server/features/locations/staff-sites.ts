// Who works where (issue 23): the locations an operator is limited to (UserLocation; none: every
// location) and the locations a teacher works at (TeacherLocation; none: every location). Admins set
// them; each change is audited on the person (USER or TEACHER UPDATE, the location names).
import { recordAudit } from '../../audit/record-audit';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import type { AuthContext } from '../../http/context';
import { fieldError } from '../../http/errors';
import { notFound, organisationOf } from '../../http/tenancy';
import { findStaff } from '../staff/save-staff';
import { staffRoleOf } from '../staff/staff-view';
import { teacherScope } from '../staff/teacher-view';

type Tx = Prisma.TransactionClient;

/** The ids as the centre's locations (active ones only when `activeOnly`), or 400 naming `locationIds`. */
async function centreLocations(tx: Tx, organisationId: number, ids: number[], activeOnly: boolean) {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return [];
  const found = await tx.location.findMany({
    where: { organisationId, id: { in: unique }, ...(activeOnly ? { active: true } : {}) },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  });
  if (found.length !== unique.length)
    throw fieldError(
      'locationIds',
      activeOnly ? 'Choose active locations of this centre' : 'Choose locations of this centre',
    );
  return found;
}

const names = (rows: { location: { name: string } }[]) => rows.map((r) => r.location.name).sort();

/** Limits an operator of the centre to some active locations; an empty list lifts the limit. */
export async function setStaffSites(prisma: PrismaClient, auth: AuthContext, id: number, locationIds: number[]) {
  const organisationId = organisationOf(auth);
  const staff = await findStaff(prisma, auth, id);
  if (staffRoleOf(staff.roles) === 'ROLE_ADMIN') throw fieldError('locationIds', 'Admins see every location');
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${id} FOR NO KEY UPDATE`;
    const locations = await centreLocations(tx, organisationId, locationIds, true);
    const before = await tx.userLocation.findMany({
      where: { userId: id },
      select: { location: { select: { name: true } } },
    });
    await tx.userLocation.deleteMany({ where: { userId: id } });
    if (locations.length)
      await tx.userLocation.createMany({ data: locations.map((l) => ({ userId: id, locationId: l.id })) });
    await recordAudit(tx, auth, [
      {
        entity: 'USER',
        entityId: id,
        action: 'UPDATE',
        before: { locations: names(before) },
        after: { locations: locations.map((l) => l.name).sort() },
      },
    ]);
    return { locationIds: locations.map((l) => l.id) };
  });
}

/** The locations a teacher of the centre works at; an empty list: every location. */
export async function setTeacherLocations(prisma: PrismaClient, auth: AuthContext, id: number, locationIds: number[]) {
  const organisationId = organisationOf(auth);
  const teacher = await prisma.teacher.findFirst({ where: { id, ...teacherScope(auth) }, select: { id: true } });
  if (!teacher) throw notFound('Teacher', id);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Teacher" WHERE "id" = ${id} FOR NO KEY UPDATE`;
    const locations = await centreLocations(tx, organisationId, locationIds, false);
    const before = await tx.teacherLocation.findMany({
      where: { teacherId: id },
      select: { location: { select: { name: true } } },
    });
    await tx.teacherLocation.deleteMany({ where: { teacherId: id } });
    if (locations.length)
      await tx.teacherLocation.createMany({ data: locations.map((l) => ({ teacherId: id, locationId: l.id })) });
    await recordAudit(tx, auth, [
      {
        entity: 'TEACHER',
        entityId: id,
        action: 'UPDATE',
        before: { locations: names(before) },
        after: { locations: locations.map((l) => l.name).sort() },
      },
    ]);
    return { locationIds: locations.map((l) => l.id) };
  });
}
