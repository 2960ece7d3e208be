-- AlterTable
ALTER TABLE "Guardian" ADD COLUMN     "userId" INTEGER;

-- CreateTable
CREATE TABLE "GuardianInvitation" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "guardianId" INTEGER NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "sentTo" VARCHAR(254) NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "sentById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GuardianInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GuardianInvitation_tokenHash_key" ON "GuardianInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "GuardianInvitation_guardianId_idx" ON "GuardianInvitation"("guardianId");

-- CreateIndex
CREATE INDEX "GuardianInvitation_organisationId_idx" ON "GuardianInvitation"("organisationId");

-- CreateIndex
CREATE INDEX "GuardianInvitation_sentTo_createdAt_idx" ON "GuardianInvitation"("sentTo", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Guardian_userId_key" ON "Guardian"("userId");

-- AddForeignKey
ALTER TABLE "Guardian" ADD CONSTRAINT "Guardian_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_guardianId_fkey" FOREIGN KEY ("guardianId") REFERENCES "Guardian"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GuardianInvitation" ADD CONSTRAINT "GuardianInvitation_sentById_fkey" FOREIGN KEY ("sentById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
