-- CreateIndex
CREATE INDEX "Schedule_organisationId_status_teacherStartAt_idx" ON "Schedule"("organisationId", "status", "teacherStartAt");

-- CreateIndex
CREATE INDEX "Student_organisationId_active_voucherBalance_id_idx" ON "Student"("organisationId", "active", "voucherBalance", "id");
