-- AlterTable
ALTER TABLE "CardTopUp" ADD COLUMN     "reference" VARCHAR(40) NOT NULL DEFAULT ('tu_'::text || replace((gen_random_uuid())::text, '-'::text, ''::text));

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "stripeAccountEventAt" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "CardTopUp_reference_key" ON "CardTopUp"("reference");
