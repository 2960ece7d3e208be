-- DropIndex
DROP INDEX "TermRegister_termId_idx";

-- AlterTable
ALTER TABLE "Course" ADD COLUMN     "searchText" VARCHAR(300) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Referrer" ADD COLUMN     "searchText" VARCHAR(200) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Student" ADD COLUMN     "searchText" VARCHAR(200) NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "searchText" VARCHAR(500) NOT NULL DEFAULT '',
ALTER COLUMN "passwordHash" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Course_searchText_trgm_idx" ON "Course" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "Course_organisationId_school_courseNumber_key" ON "Course"("organisationId", "school", "courseNumber");

-- CreateIndex
CREATE INDEX "Referrer_searchText_trgm_idx" ON "Referrer" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Student_organisationId_lastName_firstName_id_idx" ON "Student"("organisationId", "lastName", "firstName", "id");

-- CreateIndex
CREATE INDEX "Student_searchText_trgm_idx" ON "Student" USING GIN ("searchText" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "TermRegister_termId_studentId_key" ON "TermRegister"("termId", "studentId");

-- CreateIndex
CREATE INDEX "User_searchText_trgm_idx" ON "User" USING GIN ("searchText" gin_trgm_ops);

-- Backfill the search columns of existing rows: lower-case, common Latin accents folded (the app folds
-- every accent with Unicode NFD on each write from now on).
UPDATE "Student" SET "searchText" = translate(lower(concat_ws(' ', "studentId", "firstName", "lastName")), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy');
UPDATE "User" SET "searchText" = translate(lower(concat_ws(' ', "firstName", "lastName", "login", "email")), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy');
UPDATE "Referrer" SET "searchText" = translate(lower("name"), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy');
UPDATE "Course" SET "searchText" = translate(lower(concat_ws(' ', "school", "courseNumber", "name")), 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'aaaaaaceeeeiiiinoooooouuuuyy');
