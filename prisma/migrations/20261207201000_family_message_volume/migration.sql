-- Family message volume (issue 37, finding 14): each guardian's channels per kind of family message
-- (no row: the default, see server/features/households/message-choices.ts), and the lesson changes
-- of a household waiting to go out as one message (the family-lesson-changes job deletes them once sent).
-- CreateEnum
CREATE TYPE "FamilyMessageKind" AS ENUM ('LESSON_CHANGES', 'REMINDERS', 'SEAT_OFFERS', 'FEEDBACK', 'BILLING');

-- CreateTable
CREATE TABLE "GuardianMessageChoice" (
    "guardianId" INTEGER NOT NULL,
    "kind" "FamilyMessageKind" NOT NULL,
    "email" BOOLEAN NOT NULL,
    "sms" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "GuardianMessageChoice_pkey" PRIMARY KEY ("guardianId","kind")
);

-- CreateTable
CREATE TABLE "FamilyLessonChange" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "facts" JSONB NOT NULL,
    "queuedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FamilyLessonChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FamilyLessonChange_householdId_idx" ON "FamilyLessonChange"("householdId");

-- CreateIndex
CREATE INDEX "FamilyLessonChange_createdAt_idx" ON "FamilyLessonChange"("createdAt");

-- CreateIndex
CREATE INDEX "FamilyLessonChange_organisationId_idx" ON "FamilyLessonChange"("organisationId");

-- AddForeignKey
ALTER TABLE "GuardianMessageChoice" ADD CONSTRAINT "GuardianMessageChoice_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Guardian"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FamilyLessonChange" ADD CONSTRAINT "FamilyLessonChange_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FamilyLessonChange" ADD CONSTRAINT "FamilyLessonChange_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

