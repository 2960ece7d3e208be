-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('FEEDBACK_REMINDER', 'CLASS_CHANGE', 'LOW_BALANCE');

-- CreateEnum
CREATE TYPE "NoticeType" AS ENUM ('CLASS_AWAITING_CONFIRMATION', 'FEEDBACK_MISSING', 'FEEDBACK_FAILED', 'LOW_BALANCE', 'IMPORT_FINISHED', 'BULK_EMAIL_FINISHED');

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "batchId" INTEGER;

-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "feedbackReminderHour" INTEGER NOT NULL DEFAULT 9,
ADD COLUMN     "feedbackReminders" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "ScheduleFeedback" (
    "scheduleId" INTEGER NOT NULL,
    "teachingContent" TEXT NOT NULL DEFAULT '',
    "studentPerformance" TEXT NOT NULL DEFAULT '',
    "assignment" TEXT NOT NULL DEFAULT '',
    "submittedAt" TIMESTAMPTZ(3),
    "submittedById" INTEGER,
    "updatedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScheduleFeedback_pkey" PRIMARY KEY ("scheduleId")
);

-- CreateTable
CREATE TABLE "StudentFeedback" (
    "scheduleId" INTEGER NOT NULL,
    "studentId" INTEGER NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StudentFeedback_pkey" PRIMARY KEY ("scheduleId","studentId")
);

-- CreateTable
CREATE TABLE "FeedbackReminder" (
    "scheduleId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeedbackReminder_pkey" PRIMARY KEY ("scheduleId","day")
);

-- CreateTable
CREATE TABLE "UserNotificationSetting" (
    "userId" INTEGER NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "email" BOOLEAN NOT NULL DEFAULT true,
    "sms" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "UserNotificationSetting_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "EmailTemplate" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "body" TEXT NOT NULL,
    "updatedById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EmailTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailBatch" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "subject" VARCHAR(300) NOT NULL,
    "body" TEXT NOT NULL,
    "templateId" INTEGER,
    "audience" JSONB NOT NULL,
    "recipientCount" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "EmailBatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notice" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "type" "NoticeType" NOT NULL,
    "entityType" VARCHAR(30),
    "entityId" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',
    "key" VARCHAR(120) NOT NULL,
    "read" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginCode" (
    "id" SERIAL NOT NULL,
    "phone" VARCHAR(32) NOT NULL,
    "codeHash" VARCHAR(100) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "failures" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PasswordResetToken" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "tokenHash" VARCHAR(64) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PasswordResetToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JobCursor" (
    "name" VARCHAR(60) NOT NULL,
    "lastId" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "JobCursor_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "StudentFeedback_studentId_idx" ON "StudentFeedback"("studentId");

-- CreateIndex
CREATE UNIQUE INDEX "EmailTemplate_organisationId_name_key" ON "EmailTemplate"("organisationId", "name");

-- CreateIndex
CREATE INDEX "EmailBatch_organisationId_createdAt_id_idx" ON "EmailBatch"("organisationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Notice_userId_read_createdAt_idx" ON "Notice"("userId", "read", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notice_userId_key_key" ON "Notice"("userId", "key");

-- CreateIndex
CREATE INDEX "LoginCode_phone_createdAt_idx" ON "LoginCode"("phone", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_tokenHash_key" ON "PasswordResetToken"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordResetToken_userId_idx" ON "PasswordResetToken"("userId");

-- CreateIndex
CREATE INDEX "Message_batchId_status_idx" ON "Message"("batchId", "status");

-- CreateIndex
CREATE INDEX "User_phone_idx" ON "User"("phone");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "EmailBatch"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleFeedback" ADD CONSTRAINT "ScheduleFeedback_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleFeedback" ADD CONSTRAINT "ScheduleFeedback_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleFeedback" ADD CONSTRAINT "ScheduleFeedback_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudentFeedback" ADD CONSTRAINT "StudentFeedback_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudentFeedback" ADD CONSTRAINT "StudentFeedback_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FeedbackReminder" ADD CONSTRAINT "FeedbackReminder_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "Schedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserNotificationSetting" ADD CONSTRAINT "UserNotificationSetting_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailTemplate" ADD CONSTRAINT "EmailTemplate_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailTemplate" ADD CONSTRAINT "EmailTemplate_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailBatch" ADD CONSTRAINT "EmailBatch_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailBatch" ADD CONSTRAINT "EmailBatch_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notice" ADD CONSTRAINT "Notice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordResetToken" ADD CONSTRAINT "PasswordResetToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the reminder hour is a local hour of the day.
ALTER TABLE "Organisation" ADD CONSTRAINT "Organisation_feedbackReminderHour_check" CHECK ("feedbackReminderHour" BETWEEN 0 AND 23);
