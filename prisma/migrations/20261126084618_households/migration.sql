-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "householdId" INTEGER;

-- CreateTable
CREATE TABLE "Household" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "comments" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Household_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Guardian" (
    "id" SERIAL NOT NULL,
    "organisationId" INTEGER NOT NULL,
    "householdId" INTEGER NOT NULL,
    "name" VARCHAR(100),
    "relationship" VARCHAR(40),
    "email" VARCHAR(254),
    "phone" VARCHAR(32),
    "wechat" VARCHAR(60),
    "langKey" VARCHAR(10) NOT NULL DEFAULT 'en-US',
    "allowEmail" BOOLEAN NOT NULL DEFAULT true,
    "allowSms" BOOLEAN NOT NULL DEFAULT false,
    "smsConsentAt" TIMESTAMPTZ(3),
    "smsConsentSource" VARCHAR(100),
    "receivesFeedback" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Guardian_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Household_organisationId_name_idx" ON "Household"("organisationId", "name");

-- CreateIndex
CREATE INDEX "Guardian_householdId_idx" ON "Guardian"("householdId");

-- CreateIndex
CREATE INDEX "Guardian_organisationId_idx" ON "Guardian"("organisationId");

-- CreateIndex
CREATE INDEX "Student_householdId_idx" ON "Student"("householdId");

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Household" ADD CONSTRAINT "Household_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Guardian" ADD CONSTRAINT "Guardian_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Guardian" ADD CONSTRAINT "Guardian_householdId_fkey" FOREIGN KEY ("householdId") REFERENCES "Household"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing student gets a household of their own, named by their family name, whose guardians
-- carry the student's contact details: the address, phone and WeChat with their opt-ins, and a
-- separate feedback address as a second guardian (issue 21). Nothing the desk entered is lost, and SMS
-- opt-ins already given are recorded as consent from the student record, at this migration's time.
-- A function, so that a test can run it again over students without a household. Its body is an E''
-- string with \073 for each semicolon: the PostgreSQL migrator splits statements at semicolons.
CREATE FUNCTION "households_from_students"() RETURNS integer LANGUAGE plpgsql AS
E'DECLARE
  made integer\073
BEGIN
  CREATE TEMPORARY TABLE "household_of_student" ("studentId" integer PRIMARY KEY, "householdId" integer) ON COMMIT DROP\073
  WITH lonely AS (
    SELECT s."id", s."organisationId", s."lastName",
           nextval(pg_get_serial_sequence(\'"Household"\', \'id\'))::integer AS "householdId"
      FROM "Student" s
     WHERE s."householdId" IS NULL
  ), made_households AS (
    INSERT INTO "Household" ("id", "organisationId", "name", "updatedAt")
    SELECT l."householdId", l."organisationId", l."lastName", CURRENT_TIMESTAMP FROM lonely l
    RETURNING "id"
  )
  INSERT INTO "household_of_student" SELECT l."id", l."householdId" FROM lonely l\073
  GET DIAGNOSTICS made = ROW_COUNT\073

  UPDATE "Student" s SET "householdId" = m."householdId"
    FROM "household_of_student" m WHERE m."studentId" = s."id"\073

  INSERT INTO "Guardian" ("organisationId", "householdId", "email", "phone", "wechat", "allowEmail", "allowSms",
                          "smsConsentAt", "smsConsentSource", "receivesFeedback", "updatedAt")
  SELECT s."organisationId", s."householdId", s."email", s."phone", s."wechat", s."allowEmail", s."allowSms",
         CASE WHEN s."allowSms" THEN CURRENT_TIMESTAMP END,
         CASE WHEN s."allowSms" THEN \'student record (before households)\' END,
         s."feedbackNotification" AND (s."feedbackEmail" IS NULL OR lower(s."feedbackEmail") = lower(s."email")),
         CURRENT_TIMESTAMP
    FROM "Student" s JOIN "household_of_student" m ON m."studentId" = s."id"
   WHERE s."email" IS NOT NULL OR s."phone" IS NOT NULL OR s."wechat" IS NOT NULL
   ORDER BY s."id"\073

  INSERT INTO "Guardian" ("organisationId", "householdId", "email", "allowEmail", "receivesFeedback", "updatedAt")
  SELECT s."organisationId", s."householdId", s."feedbackEmail", true, s."feedbackNotification", CURRENT_TIMESTAMP
    FROM "Student" s JOIN "household_of_student" m ON m."studentId" = s."id"
   WHERE s."feedbackEmail" IS NOT NULL AND (s."email" IS NULL OR lower(s."feedbackEmail") <> lower(s."email"))
   ORDER BY s."id"\073

  DROP TABLE "household_of_student"\073
  RETURN made\073
END\073';

SELECT "households_from_students"();
