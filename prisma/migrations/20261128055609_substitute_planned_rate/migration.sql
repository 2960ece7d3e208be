-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "originalTeacherHourlyRate" DECIMAL(12,2);
