-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "TermPaymentType" AS ENUM ('CASH', 'CARD', 'E_TRANSFER', 'CHEQUE', 'VOUCHER', 'OTHER');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "birthday" DATE,
ADD COLUMN     "gmail" VARCHAR(254);

-- CreateTable
CREATE TABLE "Teacher" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "employeeId" VARCHAR(40),
    "preferredName" VARCHAR(50),
    "birthday" DATE,
    "wechat" VARCHAR(60),
    "sinEncrypted" VARCHAR(200),
    "sinLast3" CHAR(3),
    "payrollContact" VARCHAR(200),
    "hourlyRate" DECIMAL(12,2),
    "operatingArea" VARCHAR(200),
    "advantage" TEXT,
    "disadvantage" TEXT,
    "feedback" TEXT,
    "colour" VARCHAR(9),
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Teacher_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Student" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "studentId" VARCHAR(40) NOT NULL,
    "firstName" VARCHAR(50) NOT NULL,
    "lastName" VARCHAR(50) NOT NULL,
    "referrerId" INTEGER,
    "startDate" DATE,
    "wechat" VARCHAR(60),
    "phone" VARCHAR(32),
    "email" VARCHAR(254),
    "comments" TEXT,
    "allowSms" BOOLEAN NOT NULL DEFAULT false,
    "allowEmail" BOOLEAN NOT NULL DEFAULT true,
    "feedbackEmail" VARCHAR(254),
    "feedbackNotification" BOOLEAN NOT NULL DEFAULT false,
    "hourlyRate" DECIMAL(12,2),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Student_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Referrer" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "phone" VARCHAR(32),
    "email" VARCHAR(254),
    "wechat" VARCHAR(60),
    "comments" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Referrer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Referral" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "referrerId" INTEGER NOT NULL,
    "studentId" INTEGER,
    "comments" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Referral_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Course" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "school" VARCHAR(100),
    "courseNumber" VARCHAR(40),
    "name" VARCHAR(100) NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Course_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Term" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "school" VARCHAR(100),
    "courseId" INTEGER NOT NULL,
    "teacherId" INTEGER,
    "startDate" DATE NOT NULL,
    "endDate" DATE NOT NULL,
    "comments" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Term_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TermRegister" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "paymentType" "TermPaymentType" NOT NULL,
    "price" DECIMAL(12,2) NOT NULL,
    "termId" INTEGER NOT NULL,
    "teacherId" INTEGER,
    "studentId" INTEGER NOT NULL,
    "courseId" INTEGER NOT NULL,
    "comments" TEXT,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TermRegister_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_CourseToTeacher" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_CourseToTeacher_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE UNIQUE INDEX "Teacher_userId_key" ON "Teacher"("userId");

-- CreateIndex
CREATE INDEX "Teacher_organisationId_deletedAt_idx" ON "Teacher"("organisationId", "deletedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Teacher_organisationId_employeeId_key" ON "Teacher"("organisationId", "employeeId");

-- CreateIndex
CREATE INDEX "Student_organisationId_active_lastName_firstName_id_idx" ON "Student"("organisationId", "active", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "Student_organisationId_active_firstName_idx" ON "Student"("organisationId", "active", "firstName");

-- CreateIndex
CREATE INDEX "Student_organisationId_active_startDate_idx" ON "Student"("organisationId", "active", "startDate");

-- CreateIndex
CREATE INDEX "Student_organisationId_active_createdAt_idx" ON "Student"("organisationId", "active", "createdAt");

-- CreateIndex
CREATE INDEX "Student_referrerId_idx" ON "Student"("referrerId");

-- CreateIndex
CREATE INDEX "Student_firstName_trgm_idx" ON "Student" USING GIN ("firstName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Student_lastName_trgm_idx" ON "Student" USING GIN ("lastName" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Student_organisationId_studentId_key" ON "Student"("organisationId", "studentId");

-- CreateIndex
CREATE INDEX "Referrer_organisationId_name_idx" ON "Referrer"("organisationId", "name");

-- CreateIndex
CREATE INDEX "Referral_organisationId_createdAt_idx" ON "Referral"("organisationId", "createdAt");

-- CreateIndex
CREATE INDEX "Referral_referrerId_idx" ON "Referral"("referrerId");

-- CreateIndex
CREATE INDEX "Referral_studentId_idx" ON "Referral"("studentId");

-- CreateIndex
CREATE INDEX "Course_organisationId_name_idx" ON "Course"("organisationId", "name");

-- CreateIndex
CREATE INDEX "Course_organisationId_school_idx" ON "Course"("organisationId", "school");

-- CreateIndex
CREATE INDEX "Course_organisationId_courseNumber_idx" ON "Course"("organisationId", "courseNumber");

-- CreateIndex
CREATE INDEX "Term_organisationId_startDate_idx" ON "Term"("organisationId", "startDate");

-- CreateIndex
CREATE INDEX "Term_courseId_idx" ON "Term"("courseId");

-- CreateIndex
CREATE INDEX "Term_teacherId_idx" ON "Term"("teacherId");

-- CreateIndex
CREATE INDEX "TermRegister_organisationId_paid_createdAt_idx" ON "TermRegister"("organisationId", "paid", "createdAt");

-- CreateIndex
CREATE INDEX "TermRegister_termId_idx" ON "TermRegister"("termId");

-- CreateIndex
CREATE INDEX "TermRegister_studentId_idx" ON "TermRegister"("studentId");

-- CreateIndex
CREATE INDEX "TermRegister_courseId_idx" ON "TermRegister"("courseId");

-- CreateIndex
CREATE INDEX "TermRegister_teacherId_idx" ON "TermRegister"("teacherId");

-- CreateIndex
CREATE INDEX "_CourseToTeacher_B_index" ON "_CourseToTeacher"("B");

-- CreateIndex
CREATE INDEX "User_organisationId_lastName_idx" ON "User"("organisationId", "lastName");

-- CreateIndex
CREATE INDEX "User_organisationId_firstName_idx" ON "User"("organisationId", "firstName");

-- CreateIndex
CREATE INDEX "User_organisationId_createdAt_idx" ON "User"("organisationId", "createdAt");

-- AddForeignKey
ALTER TABLE "Teacher" ADD CONSTRAINT "Teacher_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Teacher" ADD CONSTRAINT "Teacher_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_referrerId_fkey" FOREIGN KEY ("referrerId") REFERENCES "Referrer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Referrer" ADD CONSTRAINT "Referrer_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_referrerId_fkey" FOREIGN KEY ("referrerId") REFERENCES "Referrer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Referral" ADD CONSTRAINT "Referral_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Course" ADD CONSTRAINT "Course_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Term" ADD CONSTRAINT "Term_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Term" ADD CONSTRAINT "Term_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Term" ADD CONSTRAINT "Term_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRegister" ADD CONSTRAINT "TermRegister_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRegister" ADD CONSTRAINT "TermRegister_termId_fkey" FOREIGN KEY ("termId") REFERENCES "Term"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRegister" ADD CONSTRAINT "TermRegister_teacherId_fkey" FOREIGN KEY ("teacherId") REFERENCES "Teacher"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRegister" ADD CONSTRAINT "TermRegister_studentId_fkey" FOREIGN KEY ("studentId") REFERENCES "Student"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermRegister" ADD CONSTRAINT "TermRegister_courseId_fkey" FOREIGN KEY ("courseId") REFERENCES "Course"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_CourseToTeacher" ADD CONSTRAINT "_CourseToTeacher_A_fkey" FOREIGN KEY ("A") REFERENCES "Course"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_CourseToTeacher" ADD CONSTRAINT "_CourseToTeacher_B_fkey" FOREIGN KEY ("B") REFERENCES "Teacher"("id") ON DELETE CASCADE ON UPDATE CASCADE;
