-- Terms get a name (issue 19). Existing terms are named after their course and months,
-- e.g. "Grade 9 Math, Nov 2026 – Feb 2027", so every screen has a name to show from the start.
ALTER TABLE "Term" ADD COLUMN "name" VARCHAR(100);

UPDATE "Term" AS t
SET "name" = left(c."name", 80) || ', ' || to_char(t."startDate", 'Mon YYYY') || ' – ' || to_char(t."endDate", 'Mon YYYY')
FROM "Course" AS c
WHERE c."id" = t."courseId";

ALTER TABLE "Term" ALTER COLUMN "name" SET NOT NULL;
