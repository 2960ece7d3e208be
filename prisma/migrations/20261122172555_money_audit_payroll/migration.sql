-- CreateEnum
CREATE TYPE "AuditEntity" AS ENUM ('SCHEDULE', 'VOUCHER_PURCHASE', 'STUDENT', 'TEACHER', 'USER', 'COURSE', 'TERM_REGISTER', 'ORGANISATION', 'PAYROLL_PERIOD');

-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('CREATE', 'UPDATE', 'DELETE', 'CONFIRM', 'REOPEN', 'CANCEL', 'CLOSE');

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "actorId" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "entityType" "AuditEntity" NOT NULL,
    "entityId" INTEGER NOT NULL,
    "action" "AuditAction" NOT NULL,
    "before" JSONB,
    "after" JSONB,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PayrollPeriod" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "closedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedById" INTEGER NOT NULL,
    "comments" VARCHAR(500),
    "totalHours" DECIMAL(12,2) NOT NULL,
    "totalAmount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "PayrollPeriod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PayrollLine" (
    "id" SERIAL NOT NULL,
    "periodId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "startAt" TIMESTAMPTZ(3) NOT NULL,
    "hours" DECIMAL(8,2) NOT NULL,
    "rate" DECIMAL(12,2) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "PayrollLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PayrollAdjustment" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "teacherId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "fromPeriodId" INTEGER NOT NULL,
    "periodStart" DATE NOT NULL,
    "hours" DECIMAL(8,2) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "createdById" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PayrollAdjustment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEvent_organisationId_entityType_entityId_id_idx" ON "AuditEvent"("organisationId", "entityType", "entityId", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_organisationId_at_id_idx" ON "AuditEvent"("organisationId", "at", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_organisationId_actorId_at_idx" ON "AuditEvent"("organisationId", "actorId", "at");

-- CreateIndex
CREATE UNIQUE INDEX "PayrollPeriod_organisationId_startDate_key" ON "PayrollPeriod"("organisationId", "startDate");

-- CreateIndex
CREATE INDEX "PayrollLine_scheduleId_idx" ON "PayrollLine"("scheduleId");

-- CreateIndex
CREATE INDEX "PayrollLine_periodId_teacherId_idx" ON "PayrollLine"("periodId", "teacherId");

-- CreateIndex
CREATE UNIQUE INDEX "PayrollLine_periodId_scheduleId_key" ON "PayrollLine"("periodId", "scheduleId");

-- CreateIndex
CREATE INDEX "PayrollAdjustment_organisationId_periodStart_teacherId_idx" ON "PayrollAdjustment"("organisationId", "periodStart", "teacherId");

-- CreateIndex
CREATE INDEX "PayrollAdjustment_scheduleId_idx" ON "PayrollAdjustment"("scheduleId");

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollPeriod" ADD CONSTRAINT "PayrollPeriod_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollPeriod" ADD CONSTRAINT "PayrollPeriod_closedById_fkey" FOREIGN KEY ("closedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollLine" ADD CONSTRAINT "PayrollLine_periodId_fkey" FOREIGN KEY ("periodId") REFERENCES "PayrollPeriod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollLine" ADD CONSTRAINT "PayrollLine_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollLine" ADD CONSTRAINT "PayrollLine_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollAdjustment" ADD CONSTRAINT "PayrollAdjustment_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollAdjustment" ADD CONSTRAINT "PayrollAdjustment_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollAdjustment" ADD CONSTRAINT "PayrollAdjustment_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollAdjustment" ADD CONSTRAINT "PayrollAdjustment_fromPeriodId_fkey" FOREIGN KEY ("fromPeriodId") REFERENCES "PayrollPeriod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PayrollAdjustment" ADD CONSTRAINT "PayrollAdjustment_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Audit events and payroll snapshots are append-only: a correction is a new row.
CREATE TRIGGER "AuditEvent_append_only" BEFORE UPDATE OR DELETE ON "AuditEvent"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();
CREATE TRIGGER "PayrollLine_append_only" BEFORE UPDATE OR DELETE ON "PayrollLine"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();
CREATE TRIGGER "PayrollAdjustment_append_only" BEFORE UPDATE OR DELETE ON "PayrollAdjustment"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();

-- A negative hour count or an end before the start is not a pay period.
ALTER TABLE "PayrollPeriod" ADD CONSTRAINT "PayrollPeriod_dates" CHECK ("endDate" >= "startDate");
