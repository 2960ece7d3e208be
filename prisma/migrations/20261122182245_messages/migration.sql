-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('EMAIL', 'SMS');

-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('QUEUED', 'SENDING', 'SENT', 'FAILED');

-- CreateTable
CREATE TABLE "Message" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "recipient" VARCHAR(254) NOT NULL,
    "recipientName" VARCHAR(120),
    "template" VARCHAR(50) NOT NULL,
    "subject" VARCHAR(300),
    "bodyText" TEXT NOT NULL,
    "bodyHtml" TEXT,
    "status" "MessageStatus" NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "note" VARCHAR(500),
    "idempotencyKey" VARCHAR(100) NOT NULL,
    "providerMessageId" VARCHAR(255),
    "entityType" VARCHAR(30),
    "entityId" INTEGER,
    "queuedById" INTEGER,
    "queuedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMPTZ(3),
    "sentAt" TIMESTAMPTZ(3),
    "failedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Message_idempotencyKey_key" ON "Message"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Message_organisationId_queuedAt_id_idx" ON "Message"("organisationId", "queuedAt", "id");

-- CreateIndex
CREATE INDEX "Message_organisationId_status_queuedAt_id_idx" ON "Message"("organisationId", "status", "queuedAt", "id");

-- CreateIndex
CREATE INDEX "Message_organisationId_channel_queuedAt_id_idx" ON "Message"("organisationId", "channel", "queuedAt", "id");

-- CreateIndex
CREATE INDEX "Message_organisationId_entityType_entityId_idx" ON "Message"("organisationId", "entityType", "entityId");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_queuedById_fkey" FOREIGN KEY ("queuedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
