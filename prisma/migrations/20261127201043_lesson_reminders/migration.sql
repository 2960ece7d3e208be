-- AlterTable
ALTER TABLE "Household" ADD COLUMN     "lessonReminders" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "lessonReminderHours" INTEGER NOT NULL DEFAULT 24;
