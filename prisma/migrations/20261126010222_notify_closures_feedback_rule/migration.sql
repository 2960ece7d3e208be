-- AlterTable
ALTER TABLE "AuditEvent" ADD COLUMN     "notifyTeacher" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "Closure" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Closure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Closure_organisationId_startDate_idx" ON "Closure"("organisationId", "startDate");

-- AddForeignKey
ALTER TABLE "Closure" ADD CONSTRAINT "Closure_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One rule for "needs feedback" (issue 19): a COMPLETED class needs it only when an ATTENDED student
-- gets the feedback email. Classes marked missing under the old rule (any student opted in) that no
-- attended family would receive are not required.
UPDATE "Schedule" s SET "notificationStatus" = 'NOT_REQUIRED'
 WHERE s."notificationStatus" = 'MISSING_FEEDBACK'
   AND NOT EXISTS (
     SELECT 1 FROM "ScheduleStudent" ss JOIN "Student" st ON st.id = ss."studentId"
      WHERE ss."scheduleId" = s.id AND ss.attendance = 'ATTENDED'
        AND st."feedbackNotification" AND st."allowEmail"
        AND COALESCE(NULLIF(btrim(st."feedbackEmail"), ''), NULLIF(btrim(st.email), '')) IS NOT NULL);
