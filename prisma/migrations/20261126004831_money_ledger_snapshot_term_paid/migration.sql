-- AlterTable
ALTER TABLE "TermRegister" ADD COLUMN     "paidMethod" "TermPaymentType",
ADD COLUMN     "paidOn" DATE;

-- AlterTable
ALTER TABLE "VoucherLedgerEntry" ADD COLUMN     "attendance" "Attendance",
ADD COLUMN     "hourlyRate" DECIMAL(12,2),
ADD COLUMN     "hours" DECIMAL(6,2),
ADD COLUMN     "price" DECIMAL(12,2);

-- Backfill what is known of entries posted before these columns (issue 19). A class charge is only
-- ever posted for an ATTENDED student. A live (not reversed) charge is what the class is due now, so
-- its hours, rate and price are today's. Reversed charges and reversals keep null where unknown.
-- The ledger is append-only by trigger: lifted for this one statement of the migration.
-- (No semicolon in these comments: the migration runner splits the script at each one.)
ALTER TABLE "VoucherLedgerEntry" DISABLE TRIGGER "VoucherLedgerEntry_append_only";

UPDATE "VoucherLedgerEntry" e SET "attendance" = 'ATTENDED',
  "hours" = CASE WHEN x.live THEN x.hours END,
  "hourlyRate" = CASE WHEN x.live THEN x.rate END,
  "price" = CASE WHEN x.live THEN x.price END
FROM (
  SELECT c.id, NOT EXISTS (SELECT 1 FROM "VoucherLedgerEntry" r WHERE r."reversesId" = c.id) AS live,
         ROUND(ROUND(EXTRACT(EPOCH FROM (s."endAt" - s."startAt")) / 60) / 60, 2) AS hours,
         COALESCE(ss."hourlyRate", s."hourlyRate") AS rate, s."price"
    FROM "VoucherLedgerEntry" c
    JOIN "Schedule" s ON s.id = c."scheduleId"
    LEFT JOIN "ScheduleStudent" ss ON ss."scheduleId" = c."scheduleId" AND ss."studentId" = c."studentId"
   WHERE c."kind" = 'CLASS_CHARGE'
) x
WHERE e.id = x.id;

ALTER TABLE "VoucherLedgerEntry" ENABLE TRIGGER "VoucherLedgerEntry_append_only";
