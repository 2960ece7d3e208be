-- CreateTable
CREATE TABLE "SmsOptOut" (
    "phoneKey" VARCHAR(15) NOT NULL,
    "phone" VARCHAR(32) NOT NULL,
    "optedOutAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" VARCHAR(100) NOT NULL,

    CONSTRAINT "SmsOptOut_pkey" PRIMARY KEY ("phoneKey")
);
