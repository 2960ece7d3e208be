-- AlterTable
ALTER TABLE "VoucherLedgerEntry" ALTER COLUMN "createdById" DROP NOT NULL;
