-- CreateIndex
CREATE INDEX "Student_studentId_trgm_idx" ON "Student" USING GIN ("studentId" gin_trgm_ops);
