-- Issue 37, finding 8: one language per person. Set when the person chooses their language, from then
-- on the screens follow it on every device (applied at sign-in). Null for everyone until they choose.
ALTER TABLE "User" ADD COLUMN "languageChosenAt" TIMESTAMP(3);
