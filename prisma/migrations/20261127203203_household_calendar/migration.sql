-- AlterTable
ALTER TABLE "Household" ADD COLUMN     "calendarToken" VARCHAR(64);

-- CreateIndex
CREATE UNIQUE INDEX "Household_calendarToken_key" ON "Household"("calendarToken");
