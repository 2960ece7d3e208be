-- CreateEnum
CREATE TYPE "BillingCycleStatus" AS ENUM ('ACTIVE', 'RUNNING', 'COMPLETED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "BillingCentreOutcome" AS ENUM ('PENDING', 'CREATED', 'CHARGED', 'FAILED', 'SKIPPED');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('UNPAID', 'PAID', 'VOID');

-- CreateEnum
CREATE TYPE "InvoicePaymentMethod" AS ENUM ('CARD', 'MANUAL', 'NONE');

-- CreateEnum
CREATE TYPE "CreditUpdateType" AS ENUM ('ADD', 'ADJUST', 'SUBTRACT', 'INVOICE_CHARGE');

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "creditBalance" DECIMAL(12,2) NOT NULL DEFAULT 0,
ADD COLUMN     "taxRate" DECIMAL(7,6) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PlatformPriceTier" (
    "id" SERIAL NOT NULL,
    "fromStudents" INTEGER NOT NULL,
    "pricePerStudent" DECIMAL(12,2) NOT NULL,

    CONSTRAINT "PlatformPriceTier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlatformBillingSettings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "minimumCharge" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "dueDays" INTEGER NOT NULL DEFAULT 14,
    "currency" CHAR(3) NOT NULL DEFAULT 'CAD',
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PlatformBillingSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingAccount" (
    "organisationId" INTEGER NOT NULL,
    "stripeCustomerId" VARCHAR(255) NOT NULL,
    "paymentMethodId" VARCHAR(255),
    "cardBrand" VARCHAR(32),
    "cardLast4" VARCHAR(4),
    "cardExpMonth" INTEGER,
    "cardExpYear" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BillingAccount_pkey" PRIMARY KEY ("organisationId")
);

-- CreateTable
CREATE TABLE "BillingCycle" (
    "id" SERIAL NOT NULL,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "status" "BillingCycleStatus" NOT NULL DEFAULT 'ACTIVE',
    "repeat" BOOLEAN NOT NULL DEFAULT true,
    "startedById" INTEGER NOT NULL,
    "runStartedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingCycle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingCycleCentre" (
    "cycleId" INTEGER NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "outcome" "BillingCentreOutcome" NOT NULL DEFAULT 'PENDING',
    "reason" VARCHAR(500),
    "invoiceId" INTEGER,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "BillingCycleCentre_pkey" PRIMARY KEY ("cycleId","organisationId")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "number" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "cycleId" INTEGER,
    "periodStart" DATE NOT NULL,
    "periodEnd" DATE NOT NULL,
    "invoiceDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "quantity" INTEGER NOT NULL,
    "quantityOverridden" BOOLEAN NOT NULL DEFAULT false,
    "chargeRange" VARCHAR(40) NOT NULL,
    "chargePerStudent" DECIMAL(12,2) NOT NULL,
    "subtotal" DECIMAL(12,2) NOT NULL,
    "minimumCharge" DECIMAL(12,2) NOT NULL,
    "creditApplied" DECIMAL(12,2) NOT NULL,
    "totalBeforeTax" DECIMAL(12,2) NOT NULL,
    "taxRate" DECIMAL(7,6) NOT NULL,
    "tax" DECIMAL(12,2) NOT NULL,
    "total" DECIMAL(12,2) NOT NULL,
    "items" JSONB NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'UNPAID',
    "chargeAttempt" INTEGER NOT NULL DEFAULT 0,
    "chargePendingSince" TIMESTAMPTZ(3),
    "lastChargeError" VARCHAR(500),
    "lastChargeAt" TIMESTAMPTZ(3),
    "paymentIntentId" VARCHAR(255),
    "paidAt" TIMESTAMPTZ(3),
    "paidMethod" "InvoicePaymentMethod",
    "paidNote" VARCHAR(500),
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InvoiceStudent" (
    "invoiceId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "name" VARCHAR(120) NOT NULL,

    CONSTRAINT "InvoiceStudent_pkey" PRIMARY KEY ("invoiceId","studentId")
);

-- CreateTable
CREATE TABLE "CreditLedgerEntry" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "type" "CreditUpdateType" NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "balanceAfter" DECIMAL(12,2) NOT NULL,
    "invoiceId" INTEGER,
    "comments" VARCHAR(500),
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" VARCHAR(255) NOT NULL,
    "type" VARCHAR(100) NOT NULL,
    "processedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlatformPriceTier_fromStudents_key" ON "PlatformPriceTier"("fromStudents");

-- CreateIndex
CREATE UNIQUE INDEX "BillingAccount_stripeCustomerId_key" ON "BillingAccount"("stripeCustomerId");

-- CreateIndex
CREATE INDEX "BillingCycle_status_idx" ON "BillingCycle"("status");

-- CreateIndex
CREATE UNIQUE INDEX "BillingCycleCentre_invoiceId_key" ON "BillingCycleCentre"("invoiceId");

-- CreateIndex
CREATE INDEX "BillingCycleCentre_cycleId_outcome_idx" ON "BillingCycleCentre"("cycleId", "outcome");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_paymentIntentId_key" ON "Invoice"("paymentIntentId");

-- CreateIndex
CREATE INDEX "Invoice_organisationId_periodStart_idx" ON "Invoice"("organisationId", "periodStart");

-- CreateIndex
CREATE INDEX "Invoice_status_dueDate_idx" ON "Invoice"("status", "dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_cycleId_organisationId_key" ON "Invoice"("cycleId", "organisationId");

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_organisationId_id_idx" ON "CreditLedgerEntry"("organisationId", "id");

-- CreateIndex
CREATE INDEX "CreditLedgerEntry_invoiceId_idx" ON "CreditLedgerEntry"("invoiceId");

-- AddForeignKey
ALTER TABLE "BillingAccount" ADD CONSTRAINT "BillingAccount_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingCycle" ADD CONSTRAINT "BillingCycle_startedById_fkey" FOREIGN KEY ("startedById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingCycleCentre" ADD CONSTRAINT "BillingCycleCentre_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "BillingCycle"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingCycleCentre" ADD CONSTRAINT "BillingCycleCentre_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingCycleCentre" ADD CONSTRAINT "BillingCycleCentre_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_cycleId_fkey" FOREIGN KEY ("cycleId") REFERENCES "BillingCycle"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvoiceStudent" ADD CONSTRAINT "InvoiceStudent_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "Invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (issue 10) ------------------------------------------------------------------------

-- At most one cycle is active (started and not finished) at a time.
CREATE UNIQUE INDEX "BillingCycle_one_active" ON "BillingCycle" ((true)) WHERE "status" IN ('ACTIVE', 'RUNNING');
ALTER TABLE "BillingCycle" ADD CONSTRAINT "BillingCycle_dates" CHECK ("endDate" >= "startDate");

ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_dates" CHECK ("periodEnd" >= "periodStart" AND "dueDate" >= "invoiceDate");
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_amounts" CHECK ("quantity" >= 0 AND "subtotal" >= 0 AND "creditApplied" >= 0 AND "tax" >= 0 AND "total" >= 0 AND "taxRate" >= 0 AND "taxRate" < 1);
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_attempt" CHECK ("chargeAttempt" >= 0);
ALTER TABLE "Organisation" ADD CONSTRAINT "Organisation_billing" CHECK ("creditBalance" >= 0 AND "taxRate" >= 0 AND "taxRate" < 1);
ALTER TABLE "CreditLedgerEntry" ADD CONSTRAINT "CreditLedgerEntry_balance" CHECK ("balanceAfter" >= 0);
ALTER TABLE "PlatformPriceTier" ADD CONSTRAINT "PlatformPriceTier_values" CHECK ("fromStudents" >= 0 AND "pricePerStudent" >= 0);
ALTER TABLE "PlatformBillingSettings" ADD CONSTRAINT "PlatformBillingSettings_one" CHECK ("id" = 1 AND "minimumCharge" >= 0 AND "dueDays" BETWEEN 0 AND 365);

-- The credit ledger is append-only: a correction is a new entry. Invoices are never deleted, and their
-- numbers come from a sequence (SERIAL), so an invoice number is never reused: a wrong invoice is voided.
CREATE TRIGGER "CreditLedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "CreditLedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();
CREATE TRIGGER "Invoice_no_delete" BEFORE DELETE ON "Invoice"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();

-- The platform's starting price list (the platform changes it on /billingCycleControl).
INSERT INTO "PlatformBillingSettings" ("id", "minimumCharge", "dueDays", "currency", "updatedAt") VALUES (1, 30.00, 14, 'CAD', now());
INSERT INTO "PlatformPriceTier" ("fromStudents", "pricePerStudent") VALUES (0, 3.00), (101, 2.50), (501, 2.00);
