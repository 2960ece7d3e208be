-- The metrics' message counts (issue 24): QUEUED, SENDING and FAILED are counted exactly at every
-- scrape, from this index of the few rows not yet SENT (the SENT rows are the whole history and grow
-- without end: that count is an estimate on a big table, see server/metrics/database.ts).
CREATE INDEX "Message_status_live" ON "Message" ("status") WHERE "status" <> 'SENT';
