-- CreateEnum
CREATE TYPE "ScheduleStatus" AS ENUM ('PLANNED', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "CourseType" AS ENUM ('ONE_ON_ONE', 'GROUP');

-- CreateEnum
CREATE TYPE "SchedulePaymentType" AS ENUM ('VOUCHER', 'TERM', 'CASH', 'FREE');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('NOT_REQUIRED', 'MISSING_FEEDBACK', 'PENDING', 'SENT', 'SEND_FAILED');

-- CreateEnum
CREATE TYPE "Attendance" AS ENUM ('ATTENDED', 'ABSENT', 'EXCUSED');

-- AlterTable
ALTER TABLE "Teacher" ADD COLUMN     "calendarEmbedUrl" VARCHAR(500),
ADD COLUMN     "calendarToken" VARCHAR(64);

-- CreateTable
CREATE TABLE "ScheduleSeries" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "timeZone" VARCHAR(64) NOT NULL,
    "firstDate" DATE NOT NULL,
    "untilDate" DATE,
    "count" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScheduleSeries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduleSeriesSlot" (
    "id" SERIAL NOT NULL,
    "seriesId" INTEGER NOT NULL,
    "weekday" SMALLINT NOT NULL,
    "startTime" CHAR(5) NOT NULL,
    "endTime" CHAR(5) NOT NULL,

    CONSTRAINT "ScheduleSeriesSlot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Schedule" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "seriesId" INTEGER,
    "status" "ScheduleStatus" NOT NULL DEFAULT 'PLANNED',
    "courseType" "CourseType" NOT NULL,
    "courseId" INTEGER NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "address" VARCHAR(200),
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "endAt" TIMESTAMPTZ(3) NOT NULL,
    "teacherStartAt" TIMESTAMPTZ(3) NOT NULL,
    "teacherEndAt" TIMESTAMPTZ(3) NOT NULL,
    "termId" INTEGER,
    "hourlyRate" DECIMAL(12,2),
    "teacherHourlyRate" DECIMAL(12,2),
    "price" DECIMAL(12,2),
    "paymentType" "SchedulePaymentType" NOT NULL,
    "comments" TEXT,
    "confirmedAt" TIMESTAMPTZ(3),
    "confirmedById" INTEGER,
    "confirmedOnBehalf" BOOLEAN NOT NULL DEFAULT false,
    "notificationStatus" "NotificationStatus" NOT NULL DEFAULT 'NOT_REQUIRED',
    "conflictOverride" BOOLEAN NOT NULL DEFAULT false,
    "conflictReason" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Schedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScheduleStudent" (
    "scheduleId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "attendance" "Attendance",
    "hourlyRate" DECIMAL(12,2),

    CONSTRAINT "ScheduleStudent_pkey" PRIMARY KEY ("scheduleId","studentId")
);

-- CreateTable
CREATE TABLE "ScheduleRevision" (
    "id" SERIAL NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changedById" INTEGER,
    "action" VARCHAR(20) NOT NULL,
    "previous" JSONB NOT NULL,

    CONSTRAINT "ScheduleRevision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeacherAvailability" (
    "id" SERIAL NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "weekday" SMALLINT NOT NULL,
    "startTime" CHAR(5) NOT NULL,
    "endTime" CHAR(5) NOT NULL,

    CONSTRAINT "TeacherAvailability_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeacherTimeOff" (
    "id" SERIAL NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "endAt" TIMESTAMPTZ(3) NOT NULL,
    "reason" VARCHAR(200),

    CONSTRAINT "TeacherTimeOff_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScheduleSeries_organisationId_idx" ON "ScheduleSeries"("organisationId");

-- CreateIndex
CREATE INDEX "ScheduleSeriesSlot_seriesId_idx" ON "ScheduleSeriesSlot"("seriesId");

-- CreateIndex
CREATE INDEX "Schedule_organisationId_startAt_id_idx" ON "Schedule"("organisationId", "startAt", "id");

-- CreateIndex
CREATE INDEX "Schedule_organisationId_teacherId_startAt_idx" ON "Schedule"("organisationId", "teacherId", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_organisationId_status_startAt_idx" ON "Schedule"("organisationId", "status", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_organisationId_notificationStatus_startAt_idx" ON "Schedule"("organisationId", "notificationStatus", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_teacherId_startAt_idx" ON "Schedule"("teacherId", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_seriesId_startAt_idx" ON "Schedule"("seriesId", "startAt");

-- CreateIndex
CREATE INDEX "Schedule_courseId_idx" ON "Schedule"("courseId");

-- CreateIndex
CREATE INDEX "Schedule_termId_idx" ON "Schedule"("termId");

-- CreateIndex
CREATE INDEX "ScheduleStudent_studentId_scheduleId_idx" ON "ScheduleStudent"("studentId", "scheduleId");

-- CreateIndex
CREATE INDEX "ScheduleRevision_scheduleId_changedAt_idx" ON "ScheduleRevision"("scheduleId", "changedAt");

-- CreateIndex
CREATE INDEX "TeacherAvailability_teacherId_idx" ON "TeacherAvailability"("teacherId");

-- CreateIndex
CREATE INDEX "TeacherTimeOff_teacherId_startAt_idx" ON "TeacherTimeOff"("teacherId", "startAt");

-- CreateIndex
CREATE UNIQUE INDEX "Teacher_calendarToken_key" ON "Teacher"("calendarToken");

-- AddForeignKey
ALTER TABLE "ScheduleSeries" ADD CONSTRAINT "ScheduleSeries_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleSeriesSlot" ADD CONSTRAINT "ScheduleSeriesSlot_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "ScheduleSeries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_seriesId_fkey" FOREIGN KEY ("seriesId") REFERENCES "ScheduleSeries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_confirmedById_fkey" FOREIGN KEY ("confirmedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleStudent" ADD CONSTRAINT "ScheduleStudent_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleStudent" ADD CONSTRAINT "ScheduleStudent_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleRevision" ADD CONSTRAINT "ScheduleRevision_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleRevision" ADD CONSTRAINT "ScheduleRevision_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeacherAvailability" ADD CONSTRAINT "TeacherAvailability_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeacherTimeOff" ADD CONSTRAINT "TeacherTimeOff_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules the server checks first, kept by the database too (Prisma does not model CHECK constraints).
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_end_after_start" CHECK ("endAt" > "startAt" AND "teacherEndAt" > "teacherStartAt");
ALTER TABLE "ScheduleSeries" ADD CONSTRAINT "ScheduleSeries_one_end" CHECK (("untilDate" IS NULL) <> ("count" IS NULL));
ALTER TABLE "ScheduleSeriesSlot" ADD CONSTRAINT "ScheduleSeriesSlot_weekday" CHECK ("weekday" BETWEEN 1 AND 7 AND "endTime" > "startTime");
ALTER TABLE "TeacherAvailability" ADD CONSTRAINT "TeacherAvailability_window" CHECK ("weekday" BETWEEN 1 AND 7 AND "endTime" > "startTime");
ALTER TABLE "TeacherTimeOff" ADD CONSTRAINT "TeacherTimeOff_end_after_start" CHECK ("endAt" > "startAt");
