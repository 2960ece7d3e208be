-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- DropTable
DROP TABLE "LoginFailure";

-- CreateTable
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "RateLimit_expire_idx" ON "RateLimit"("expire");

-- Trigger bodies are E'' strings with \073 for each semicolon: Prisma's PostgreSQL adapter runs a
-- migration by splitting it at every semicolon, which would cut a dollar-quoted body apart.
-- Search text is folded by the database on every write, so that every path (Prisma create/update,
-- createMany in the large seed, imports, raw SQL) fills it and queries fold with the same function.
-- STABLE, not IMMUTABLE: unaccent() reads its dictionary. Cut to the column's size: unaccent may
-- lengthen text (æ -> ae, ß -> ss).
CREATE FUNCTION "search_fold"(value TEXT) RETURNS TEXT
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT lower(unaccent(coalesce(value, ''))) $$;

CREATE FUNCTION "Student_searchText_fill"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."searchText" := left(search_fold(concat_ws(\' \', NEW."studentId", NEW."firstName", NEW."lastName")), 200)\073 RETURN NEW\073 END';
CREATE TRIGGER "Student_searchText" BEFORE INSERT OR UPDATE ON "Student"
  FOR EACH ROW EXECUTE FUNCTION "Student_searchText_fill"();

CREATE FUNCTION "User_searchText_fill"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."searchText" := left(search_fold(concat_ws(\' \', NEW."firstName", NEW."lastName", NEW."login", NEW."email")), 500)\073 RETURN NEW\073 END';
CREATE TRIGGER "User_searchText" BEFORE INSERT OR UPDATE ON "User"
  FOR EACH ROW EXECUTE FUNCTION "User_searchText_fill"();

CREATE FUNCTION "Referrer_searchText_fill"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."searchText" := left(search_fold(NEW."name"), 200)\073 RETURN NEW\073 END';
CREATE TRIGGER "Referrer_searchText" BEFORE INSERT OR UPDATE ON "Referrer"
  FOR EACH ROW EXECUTE FUNCTION "Referrer_searchText_fill"();

CREATE FUNCTION "Course_searchText_fill"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."searchText" := left(search_fold(concat_ws(\' \', NEW."school", NEW."courseNumber", NEW."name")), 300)\073 RETURN NEW\073 END';
CREATE TRIGGER "Course_searchText" BEFORE INSERT OR UPDATE ON "Course"
  FOR EACH ROW EXECUTE FUNCTION "Course_searchText_fill"();

-- Backfill: the triggers recompute every row.
UPDATE "Student" SET "searchText" = '';
UPDATE "User" SET "searchText" = '';
UPDATE "Referrer" SET "searchText" = '';
UPDATE "Course" SET "searchText" = '';
