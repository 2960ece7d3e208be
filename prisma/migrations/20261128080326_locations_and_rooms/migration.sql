-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "travelMinutes" INTEGER NOT NULL DEFAULT 30;

-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "locationId" INTEGER,
ADD COLUMN     "roomId" INTEGER;

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "locationId" INTEGER;

-- CreateTable
CREATE TABLE "Location" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "address" VARCHAR(200),
    "phone" VARCHAR(32),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Location_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Room" (
    "id" SERIAL NOT NULL,
    "locationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "capacity" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Room_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserLocation" (
    "userId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,

    CONSTRAINT "UserLocation_pkey" PRIMARY KEY ("userId","locationId")
);

-- CreateTable
CREATE TABLE "TeacherLocation" (
    "teacherId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,

    CONSTRAINT "TeacherLocation_pkey" PRIMARY KEY ("teacherId","locationId")
);

-- CreateIndex
CREATE INDEX "Location_organisationId_idx" ON "Location"("organisationId");

-- CreateIndex
CREATE UNIQUE INDEX "Location_organisationId_name_key" ON "Location"("organisationId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Room_locationId_name_key" ON "Room"("locationId", "name");

-- CreateIndex
CREATE INDEX "UserLocation_locationId_idx" ON "UserLocation"("locationId");

-- CreateIndex
CREATE INDEX "TeacherLocation_locationId_idx" ON "TeacherLocation"("locationId");

-- CreateIndex
CREATE INDEX "Schedule_roomId_startAt_idx" ON "Schedule"("roomId", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_locationId_startAt_idx" ON "Schedule"("locationId", "startAt");

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_roomId_fkey" FOREIGN KEY ("roomId") REFERENCES "Room"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Room" ADD CONSTRAINT "Room_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserLocation" ADD CONSTRAINT "UserLocation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserLocation" ADD CONSTRAINT "UserLocation_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeacherLocation" ADD CONSTRAINT "TeacherLocation_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeacherLocation" ADD CONSTRAINT "TeacherLocation_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every centre gets one location from the data of today: named after the centre, at the address its
-- classes use most. Its classes and students are at that location, and a class whose address is that
-- address takes it from the location from now on (its own address stays only for lessons elsewhere).
INSERT INTO "Location" ("organisationId", "name", "address", "updatedAt")
SELECT o."id", LEFT(o."name", 100),
  (SELECT s."address" FROM "Schedule" s
    WHERE s."organisationId" = o."id" AND s."address" IS NOT NULL AND btrim(s."address") <> ''
    GROUP BY s."address" ORDER BY count(*) DESC, s."address" LIMIT 1),
  CURRENT_TIMESTAMP
FROM "Organisation" o;

UPDATE "Schedule" s SET "locationId" = l."id",
  "address" = CASE WHEN s."address" = l."address" THEN NULL ELSE s."address" END
FROM "Location" l WHERE l."organisationId" = s."organisationId";

UPDATE "Student" s SET "locationId" = l."id" FROM "Location" l WHERE l."organisationId" = s."organisationId";
