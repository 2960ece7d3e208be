-- CreateEnum
CREATE TYPE "CardTopUpKind" AS ENUM ('CHECKOUT', 'AUTO');

-- CreateEnum
CREATE TYPE "CardTopUpStatus" AS ENUM ('OPEN', 'PAID', 'EXPIRED', 'MISMATCH', 'FAILED');

-- CreateEnum
CREATE TYPE "ErasureStatus" AS ENUM ('REQUESTED', 'COMPLETED', 'CANCELLED');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NoticeType" ADD VALUE 'AUTO_TOP_UP_FAILED';
ALTER TYPE "NoticeType" ADD VALUE 'ERASURE_REQUESTED';

-- AlterTable
ALTER TABLE "Household" ADD COLUMN     "autoTopUp" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "autoTopUpAmount" DECIMAL(12,2),
ADD COLUMN     "autoTopUpFloor" DECIMAL(12,2),
ADD COLUMN     "autoTopUpLessons" INTEGER,
ADD COLUMN     "autoTopUpStoppedAt" TIMESTAMPTZ(3),
ADD COLUMN     "autoTopUpStoppedReason" VARCHAR(500),
ADD COLUMN     "cardBrand" VARCHAR(30),
ADD COLUMN     "cardExpMonth" INTEGER,
ADD COLUMN     "cardExpYear" INTEGER,
ADD COLUMN     "cardLast4" VARCHAR(4),
ADD COLUMN     "erasedAt" TIMESTAMPTZ(3),
ADD COLUMN     "monthlyStatements" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paymentMethodId" VARCHAR(255),
ADD COLUMN     "stripeCustomerId" VARCHAR(255);

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "stripeAccountId" VARCHAR(255),
ADD COLUMN     "stripeChargesEnabled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stripeDetailsSubmitted" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "CardTopUp" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "guardianId" INTEGER,
    "kind" "CardTopUpKind" NOT NULL,
    "status" "CardTopUpStatus" NOT NULL DEFAULT 'OPEN',
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "lessons" INTEGER,
    "lessonRate" DECIMAL(12,2),
    "stripeAccountId" VARCHAR(255) NOT NULL,
    "checkoutSessionId" VARCHAR(255),
    "paymentIntentId" VARCHAR(255),
    "dipEntryId" INTEGER,
    "failure" VARCHAR(500),
    "purchaseId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMPTZ(3),

    CONSTRAINT "CardTopUp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ErasureRequest" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "requestedById" INTEGER,
    "reason" VARCHAR(1000),
    "status" "ErasureStatus" NOT NULL DEFAULT 'REQUESTED',
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMPTZ(3),
    "completedById" INTEGER,

    CONSTRAINT "ErasureRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CardTopUp_checkoutSessionId_key" ON "CardTopUp"("checkoutSessionId");

-- CreateIndex
CREATE UNIQUE INDEX "CardTopUp_paymentIntentId_key" ON "CardTopUp"("paymentIntentId");

-- CreateIndex
CREATE UNIQUE INDEX "CardTopUp_purchaseId_key" ON "CardTopUp"("purchaseId");

-- CreateIndex
CREATE INDEX "CardTopUp_organisationId_createdAt_idx" ON "CardTopUp"("organisationId", "createdAt");

-- CreateIndex
CREATE INDEX "CardTopUp_householdId_createdAt_idx" ON "CardTopUp"("householdId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "CardTopUp_studentId_dipEntryId_key" ON "CardTopUp"("studentId", "dipEntryId");

-- CreateIndex
CREATE INDEX "ErasureRequest_organisationId_status_requestedAt_idx" ON "ErasureRequest"("organisationId", "status", "requestedAt");

-- CreateIndex
CREATE INDEX "ErasureRequest_householdId_idx" ON "ErasureRequest"("householdId");

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_stripeAccountId_key" ON "Organisation"("stripeAccountId");

-- AddForeignKey
ALTER TABLE "CardTopUp" ADD CONSTRAINT "CardTopUp_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardTopUp" ADD CONSTRAINT "CardTopUp_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardTopUp" ADD CONSTRAINT "CardTopUp_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardTopUp" ADD CONSTRAINT "CardTopUp_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Guardian"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CardTopUp" ADD CONSTRAINT "CardTopUp_purchaseId_fkey" FOREIGN KEY ("purchaseId") REFERENCES "VoucherPurchase"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErasureRequest" ADD CONSTRAINT "ErasureRequest_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ErasureRequest" ADD CONSTRAINT "ErasureRequest_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
