-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "attachment" BYTEA,
ADD COLUMN     "attachmentName" VARCHAR(200);

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "voucherPaymentMethods" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "VoucherPurchase" ADD COLUMN     "classCount" INTEGER,
ADD COLUMN     "classRate" DECIMAL(12,2);

-- Payment methods become codes (issue 19): the built-in CASH, CARD, E_TRANSFER, CHEQUE, or a name the
-- centre added. voucher_payment_method_code maps yesterday's free text to a code where one fits
-- (letters only, any case: "Credit card", "e-Transfer", "Interac", "check"), else NULL.
CREATE FUNCTION "voucher_payment_method_code"(text) RETURNS text LANGUAGE sql IMMUTABLE AS
  E'SELECT CASE regexp_replace(lower($1), \'[^a-z]\', \'\', \'g\')
     WHEN \'cash\' THEN \'CASH\'
     WHEN \'card\' THEN \'CARD\' WHEN \'creditcard\' THEN \'CARD\' WHEN \'credit\' THEN \'CARD\'
     WHEN \'debit\' THEN \'CARD\' WHEN \'debitcard\' THEN \'CARD\'
     WHEN \'etransfer\' THEN \'E_TRANSFER\' WHEN \'interac\' THEN \'E_TRANSFER\' WHEN \'interacetransfer\' THEN \'E_TRANSFER\'
     WHEN \'cheque\' THEN \'CHEQUE\' WHEN \'check\' THEN \'CHEQUE\'
     ELSE NULL END';

-- Maps every purchase's method to its code (other text is kept, trimmed) and adds the values that are
-- not codes to their centre's own methods, so no purchase is lost or becomes invalid. The purchases
-- are append-only: their trigger is off for this one rewrite only. Kept as a function so a test can
-- insert yesterday's text and run it again.
CREATE FUNCTION "map_voucher_payment_methods"() RETURNS void LANGUAGE plpgsql AS
  E'BEGIN
    ALTER TABLE "VoucherPurchase" DISABLE TRIGGER "VoucherPurchase_append_only"\073
    UPDATE "VoucherPurchase"
       SET "paymentMethod" = COALESCE("voucher_payment_method_code"("paymentMethod"), NULLIF(btrim("paymentMethod"), \'\'))
     WHERE "paymentMethod" IS DISTINCT FROM
           COALESCE("voucher_payment_method_code"("paymentMethod"), NULLIF(btrim("paymentMethod"), \'\'))\073
    ALTER TABLE "VoucherPurchase" ENABLE TRIGGER "VoucherPurchase_append_only"\073
    UPDATE "Organisation" o
       SET "voucherPaymentMethods" = ARRAY(
         SELECT DISTINCT m FROM unnest(COALESCE(o."voucherPaymentMethods", ARRAY[]::text[]) || ARRAY(
           SELECT p."paymentMethod" FROM "VoucherPurchase" p
            WHERE p."organisationId" = o.id AND p."paymentMethod" IS NOT NULL
              AND p."paymentMethod" NOT IN (\'CASH\', \'CARD\', \'E_TRANSFER\', \'CHEQUE\'))) m ORDER BY m)\073
  END';

SELECT "map_voucher_payment_methods"();
