-- CreateEnum
CREATE TYPE "VoucherPurchaseType" AS ENUM ('PURCHASE', 'REFUND', 'ADJUSTMENT');

-- CreateEnum
CREATE TYPE "VoucherLedgerKind" AS ENUM ('PURCHASE', 'GIFT', 'CLASS_CHARGE', 'CHARGE_REVERSAL', 'REFUND', 'ADJUSTMENT');

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "voucherBalance" DECIMAL(12,2) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "VoucherPurchase" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "type" "VoucherPurchaseType" NOT NULL,
    "purchaseDate" DATE NOT NULL,
    "voucherAmount" DECIMAL(12,2) NOT NULL,
    "giftAmount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "paymentMethod" VARCHAR(50),
    "comments" TEXT,
    "enteredById" INTEGER NOT NULL,
    "idempotencyKey" VARCHAR(64) NOT NULL,
    "balanceAfter" DECIMAL(12,2) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoucherPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoucherLedgerEntry" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "kind" "VoucherLedgerKind" NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "balanceAfter" DECIMAL(12,2) NOT NULL,
    "entryDate" DATE NOT NULL,
    "createdById" INTEGER NOT NULL,
    "purchaseId" INTEGER,
    "scheduleId" INTEGER,
    "chargeSeq" INTEGER,
    "reversesId" INTEGER,
    "note" VARCHAR(500),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoucherLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VoucherPurchase_organisationId_purchaseDate_id_idx" ON "VoucherPurchase"("organisationId", "purchaseDate", "id");

-- CreateIndex
CREATE INDEX "VoucherPurchase_organisationId_studentId_purchaseDate_idx" ON "VoucherPurchase"("organisationId", "studentId", "purchaseDate");

-- CreateIndex
CREATE UNIQUE INDEX "VoucherPurchase_organisationId_idempotencyKey_key" ON "VoucherPurchase"("organisationId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "VoucherLedgerEntry_reversesId_key" ON "VoucherLedgerEntry"("reversesId");

-- CreateIndex
CREATE INDEX "VoucherLedgerEntry_organisationId_studentId_id_idx" ON "VoucherLedgerEntry"("organisationId", "studentId", "id");

-- CreateIndex
CREATE INDEX "VoucherLedgerEntry_studentId_entryDate_id_idx" ON "VoucherLedgerEntry"("studentId", "entryDate", "id");

-- CreateIndex
CREATE INDEX "VoucherLedgerEntry_purchaseId_idx" ON "VoucherLedgerEntry"("purchaseId");

-- CreateIndex
CREATE INDEX "VoucherLedgerEntry_scheduleId_studentId_idx" ON "VoucherLedgerEntry"("scheduleId", "studentId");

-- AddForeignKey
ALTER TABLE "VoucherPurchase" ADD CONSTRAINT "VoucherPurchase_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherPurchase" ADD CONSTRAINT "VoucherPurchase_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherPurchase" ADD CONSTRAINT "VoucherPurchase_enteredById_fkey" FOREIGN KEY ("enteredById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_purchaseId_fkey" FOREIGN KEY ("purchaseId") REFERENCES "VoucherPurchase"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "VoucherLedgerEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The ledger and the purchases are append-only: a correction is a new row, never an edit. Function
-- bodies are E'' strings with \073 for each semicolon (the migration runner splits at every semicolon).
CREATE FUNCTION "voucher_append_only"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN RAISE EXCEPTION \'% is append-only: % refused\', TG_TABLE_NAME, TG_OP USING ERRCODE = \'restrict_violation\'\073 END';
CREATE TRIGGER "VoucherLedgerEntry_append_only" BEFORE UPDATE OR DELETE ON "VoucherLedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();
CREATE TRIGGER "VoucherPurchase_append_only" BEFORE UPDATE OR DELETE ON "VoucherPurchase"
  FOR EACH ROW EXECUTE FUNCTION "voucher_append_only"();
CREATE TRIGGER "VoucherLedgerEntry_no_truncate" BEFORE TRUNCATE ON "VoucherLedgerEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "voucher_append_only"();

-- Which columns each kind carries, and the sign of its amount.
ALTER TABLE "VoucherLedgerEntry" ADD CONSTRAINT "VoucherLedgerEntry_kind_links" CHECK (
  CASE "kind"
    WHEN 'CLASS_CHARGE' THEN "scheduleId" IS NOT NULL AND "chargeSeq" >= 1 AND "reversesId" IS NULL AND "amount" <= 0
    WHEN 'CHARGE_REVERSAL' THEN "scheduleId" IS NOT NULL AND "chargeSeq" >= 1 AND "reversesId" IS NOT NULL AND "amount" >= 0
    WHEN 'ADJUSTMENT' THEN "scheduleId" IS NULL AND "chargeSeq" IS NULL AND "amount" <> 0
    WHEN 'REFUND' THEN "scheduleId" IS NULL AND "chargeSeq" IS NULL AND "reversesId" IS NULL AND "amount" < 0
    ELSE "scheduleId" IS NULL AND "chargeSeq" IS NULL AND "reversesId" IS NULL AND "amount" > 0
  END
);
ALTER TABLE "VoucherPurchase" ADD CONSTRAINT "VoucherPurchase_amounts" CHECK (
  CASE "type"
    WHEN 'PURCHASE' THEN "voucherAmount" >= 0 AND "giftAmount" >= 0 AND "voucherAmount" + "giftAmount" > 0
    WHEN 'REFUND' THEN "voucherAmount" > 0 AND "giftAmount" = 0
    ELSE "voucherAmount" <> 0 AND "giftAmount" = 0
  END
);

-- At most one live (not reversed) class charge per (class, student): charges are numbered per
-- (scheduleId, studentId) by chargeSeq, one charge per number (this index), a reversal names the
-- charge it reverses (reversesId unique, same class, student and number: checked below), and charge
-- n > 1 needs the reversal of charge n-1 to exist already. Rows are never updated, so "live" needs no
-- flag: live charges = charges - reversals <= 1.
CREATE UNIQUE INDEX "VoucherLedgerEntry_one_charge_per_seq" ON "VoucherLedgerEntry"("scheduleId", "studentId", "chargeSeq")
  WHERE "kind" = 'CLASS_CHARGE';
CREATE FUNCTION "VoucherLedgerEntry_charge_chain"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN IF NEW."kind" = \'CLASS_CHARGE\' AND NEW."chargeSeq" > 1 AND NOT EXISTS (SELECT 1 FROM "VoucherLedgerEntry" e WHERE e."kind" = \'CHARGE_REVERSAL\' AND e."scheduleId" = NEW."scheduleId" AND e."studentId" = NEW."studentId" AND e."chargeSeq" = NEW."chargeSeq" - 1) THEN RAISE EXCEPTION \'class charge % of schedule % for student % needs the reversal of charge %\', NEW."chargeSeq", NEW."scheduleId", NEW."studentId", NEW."chargeSeq" - 1 USING ERRCODE = \'unique_violation\'\073 END IF\073 IF NEW."kind" = \'CHARGE_REVERSAL\' AND NOT EXISTS (SELECT 1 FROM "VoucherLedgerEntry" e WHERE e."id" = NEW."reversesId" AND e."kind" = \'CLASS_CHARGE\' AND e."scheduleId" = NEW."scheduleId" AND e."studentId" = NEW."studentId" AND e."chargeSeq" = NEW."chargeSeq") THEN RAISE EXCEPTION \'a charge reversal must name a class charge of the same schedule, student and number\' USING ERRCODE = \'check_violation\'\073 END IF\073 RETURN NEW\073 END';
CREATE TRIGGER "VoucherLedgerEntry_charge_chain" BEFORE INSERT ON "VoucherLedgerEntry"
  FOR EACH ROW EXECUTE FUNCTION "VoucherLedgerEntry_charge_chain"();
