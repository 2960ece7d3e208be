-- CreateEnum
CREATE TYPE "CancelledBy" AS ENUM ('FAMILY', 'CENTRE', 'TEACHER');

-- CreateEnum
CREATE TYPE "ReminderReply" AS ENUM ('COMING', 'NOT_COMING');

-- CreateEnum
CREATE TYPE "MakeUpCreditStatus" AS ENUM ('AVAILABLE', 'USED', 'EXPIRED', 'REVOKED');

-- CreateEnum
CREATE TYPE "MakeUpCreditEntryKind" AS ENUM ('GRANTED', 'USED', 'RETURNED', 'EXPIRED', 'REVOKED');

-- CreateEnum
CREATE TYPE "WaitlistStatus" AS ENUM ('WAITING', 'ENROLLED', 'LEFT');

-- CreateEnum
CREATE TYPE "SeatReleaseStatus" AS ENUM ('OPEN', 'CLAIMED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "SeatOfferKind" AS ENUM ('MAKE_UP', 'WAITLIST');

-- CreateEnum
CREATE TYPE "SeatOfferStatus" AS ENUM ('OPEN', 'CLAIMED', 'TAKEN', 'EXPIRED');

-- AlterEnum
ALTER TYPE "Attendance" ADD VALUE 'NO_SHOW';

-- AlterEnum

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NoticeType" ADD VALUE 'LESSON_CANCELLED';
ALTER TYPE "NoticeType" ADD VALUE 'SEAT_CLAIMED';

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "creditOnLateCancel" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "creditOnTimelyCancel" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "lateCancelPercent" INTEGER NOT NULL DEFAULT 100,
ADD COLUMN     "makeUpExpiryDays" INTEGER NOT NULL DEFAULT 60,
ADD COLUMN     "makeUpQuota" INTEGER NOT NULL DEFAULT 2,
ADD COLUMN     "noShowPercent" INTEGER NOT NULL DEFAULT 100,
ADD COLUMN     "noticeHours" INTEGER NOT NULL DEFAULT 24,
ADD COLUMN     "offerHoldHours" INTEGER NOT NULL DEFAULT 12,
ADD COLUMN     "payTeacherLateCancel" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "cancelLate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "cancelReason" VARCHAR(500),
ADD COLUMN     "cancelledBy" "CancelledBy",
ADD COLUMN     "capacity" INTEGER,
ADD COLUMN     "originalTeacherId" INTEGER,
ADD COLUMN     "teacherPaid" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ScheduleStudent" ADD COLUMN     "cancelLate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "cancelReason" VARCHAR(500),
ADD COLUMN     "cancelledAt" TIMESTAMPTZ(3),
ADD COLUMN     "cancelledBy" "CancelledBy",
ADD COLUMN     "cancelledById" INTEGER,
ADD COLUMN     "chargePercent" INTEGER,
ADD COLUMN     "makeUpCreditId" INTEGER,
ADD COLUMN     "repliedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reply" "ReminderReply";

-- CreateTable
CREATE TABLE "MakeUpCredit" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "earnedScheduleId" INTEGER NOT NULL,
    "cancelledBy" "CancelledBy" NOT NULL,
    "late" BOOLEAN NOT NULL DEFAULT false,
    "quotaPeriod" VARCHAR(30),
    "grantedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "status" "MakeUpCreditStatus" NOT NULL DEFAULT 'AVAILABLE',
    "usedScheduleId" INTEGER,

    CONSTRAINT "MakeUpCredit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MakeUpCreditEntry" (
    "id" SERIAL NOT NULL,
    "creditId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" "MakeUpCreditEntryKind" NOT NULL,
    "scheduleId" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER,
    "note" VARCHAR(500),

    CONSTRAINT "MakeUpCreditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WaitlistEntry" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "status" "WaitlistStatus" NOT NULL DEFAULT 'WAITING',
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER,
    "endedAt" TIMESTAMPTZ(3),

    CONSTRAINT "WaitlistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeatRelease" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "freedByStudentId" INTEGER,
    "freedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" "SeatReleaseStatus" NOT NULL DEFAULT 'OPEN',
    "claimedAt" TIMESTAMPTZ(3),
    "claimedStudentId" INTEGER,

    CONSTRAINT "SeatRelease_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SeatOffer" (
    "id" SERIAL NOT NULL,
    "releaseId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "kind" "SeatOfferKind" NOT NULL,
    "makeUpCreditId" INTEGER,
    "tokenHash" CHAR(64) NOT NULL,
    "status" "SeatOfferStatus" NOT NULL DEFAULT 'OPEN',
    "offeredAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "claimedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SeatOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MakeUpCredit_organisationId_studentId_status_idx" ON "MakeUpCredit"("organisationId", "studentId", "status");

-- CreateIndex
CREATE INDEX "MakeUpCredit_organisationId_courseId_status_expiresAt_idx" ON "MakeUpCredit"("organisationId", "courseId", "status", "expiresAt");

-- CreateIndex
CREATE INDEX "MakeUpCredit_status_expiresAt_idx" ON "MakeUpCredit"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "MakeUpCredit_studentId_quotaPeriod_idx" ON "MakeUpCredit"("studentId", "quotaPeriod");

-- CreateIndex
CREATE UNIQUE INDEX "MakeUpCredit_earnedScheduleId_studentId_key" ON "MakeUpCredit"("earnedScheduleId", "studentId");

-- CreateIndex
CREATE INDEX "MakeUpCreditEntry_scheduleId_idx" ON "MakeUpCreditEntry"("scheduleId");

-- CreateIndex
CREATE UNIQUE INDEX "MakeUpCreditEntry_creditId_seq_key" ON "MakeUpCreditEntry"("creditId", "seq");

-- CreateIndex
CREATE INDEX "WaitlistEntry_organisationId_scheduleId_status_joinedAt_idx" ON "WaitlistEntry"("organisationId", "scheduleId", "status", "joinedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WaitlistEntry_scheduleId_studentId_key" ON "WaitlistEntry"("scheduleId", "studentId");

-- CreateIndex
CREATE INDEX "SeatRelease_organisationId_status_freedAt_idx" ON "SeatRelease"("organisationId", "status", "freedAt");

-- CreateIndex
CREATE INDEX "SeatRelease_scheduleId_status_idx" ON "SeatRelease"("scheduleId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SeatOffer_tokenHash_key" ON "SeatOffer"("tokenHash");

-- CreateIndex
CREATE INDEX "SeatOffer_studentId_status_idx" ON "SeatOffer"("studentId", "status");

-- CreateIndex
CREATE INDEX "SeatOffer_status_expiresAt_idx" ON "SeatOffer"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "SeatOffer_releaseId_studentId_key" ON "SeatOffer"("releaseId", "studentId");

-- CreateIndex
CREATE INDEX "Schedule_originalTeacherId_startAt_idx" ON "Schedule"("originalTeacherId", "startAt");

-- CreateIndex
CREATE UNIQUE INDEX "ScheduleStudent_makeUpCreditId_key" ON "ScheduleStudent"("makeUpCreditId");

-- AddForeignKey
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_originalTeacherId_fkey" FOREIGN KEY ("originalTeacherId") REFERENCES "Teacher"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleStudent" ADD CONSTRAINT "ScheduleStudent_makeUpCreditId_fkey" FOREIGN KEY ("makeUpCreditId") REFERENCES "MakeUpCredit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCredit" ADD CONSTRAINT "MakeUpCredit_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCredit" ADD CONSTRAINT "MakeUpCredit_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCredit" ADD CONSTRAINT "MakeUpCredit_earnedScheduleId_fkey" FOREIGN KEY ("earnedScheduleId") REFERENCES "Schedule"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCredit" ADD CONSTRAINT "MakeUpCredit_usedScheduleId_fkey" FOREIGN KEY ("usedScheduleId") REFERENCES "Schedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCreditEntry" ADD CONSTRAINT "MakeUpCreditEntry_creditId_fkey" FOREIGN KEY ("creditId") REFERENCES "MakeUpCredit"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MakeUpCreditEntry" ADD CONSTRAINT "MakeUpCreditEntry_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WaitlistEntry" ADD CONSTRAINT "WaitlistEntry_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatRelease" ADD CONSTRAINT "SeatRelease_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatRelease" ADD CONSTRAINT "SeatRelease_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatOffer" ADD CONSTRAINT "SeatOffer_releaseId_fkey" FOREIGN KEY ("releaseId") REFERENCES "SeatRelease"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatOffer" ADD CONSTRAINT "SeatOffer_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SeatOffer" ADD CONSTRAINT "SeatOffer_makeUpCreditId_fkey" FOREIGN KEY ("makeUpCreditId") REFERENCES "MakeUpCredit"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A make-up credit's history is append-only (the credit row keeps its cache: status, usedScheduleId).
CREATE TRIGGER "MakeUpCreditEntry_append_only" BEFORE UPDATE OR DELETE ON "MakeUpCreditEntry"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();

-- The policy's bounds, kept by the database too (the server checks them first).
ALTER TABLE "Organisation" ADD CONSTRAINT "Organisation_lesson_policy" CHECK (
  "noticeHours" BETWEEN 0 AND 720 AND "lateCancelPercent" BETWEEN 0 AND 100 AND "noShowPercent" BETWEEN 0 AND 100
  AND "makeUpQuota" BETWEEN 0 AND 100 AND "makeUpExpiryDays" BETWEEN 1 AND 3650 AND "offerHoldHours" BETWEEN 1 AND 168);
ALTER TABLE "ScheduleStudent" ADD CONSTRAINT "ScheduleStudent_charge_percent" CHECK ("chargePercent" IS NULL OR "chargePercent" BETWEEN 0 AND 100);
ALTER TABLE "Schedule" ADD CONSTRAINT "Schedule_capacity" CHECK ("capacity" IS NULL OR "capacity" BETWEEN 1 AND 1000);
-- A used credit names the lesson it paid for, and only a used one does.
ALTER TABLE "MakeUpCredit" ADD CONSTRAINT "MakeUpCredit_used_names_lesson" CHECK (("status" = 'USED') = ("usedScheduleId" IS NOT NULL));
