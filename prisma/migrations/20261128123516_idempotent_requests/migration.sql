-- CreateEnum
CREATE TYPE "IdempotentState" AS ENUM ('PENDING', 'DONE');

-- CreateTable
CREATE TABLE "IdempotentRequest" (
    "userId" INTEGER NOT NULL,
    "key" UUID NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "path" VARCHAR(500) NOT NULL,
    "bodyHash" CHAR(64) NOT NULL,
    "state" "IdempotentState" NOT NULL DEFAULT 'PENDING',
    "status" INTEGER,
    "reply" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotentRequest_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE INDEX "IdempotentRequest_createdAt_idx" ON "IdempotentRequest"("createdAt");
