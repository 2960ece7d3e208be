-- AlterTable
ALTER TABLE "Schedule" ADD COLUMN     "confirmationKey" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "Schedule_confirmationKey_key" ON "Schedule"("confirmationKey");
