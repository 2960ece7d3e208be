-- A message worker's lease on the messages it has taken (issue 24, item 6). "workerId" names the
-- worker process that fetched or is sending the message, and that process keeps a database session
-- whose application_name is levelup-worker:<workerId> for as long as it lives. A message whose worker
-- has no such session any more (killed: the server ends the session as the socket closes) is handed
-- back at once by any live worker, instead of after pg-boss's heartbeat lapse and the send window.
ALTER TABLE "Message" ADD COLUMN "workerId" VARCHAR(36);

-- Only the few messages in a worker's hands carry one: the live workers look them up every second.
CREATE INDEX "Message_workerId_held" ON "Message" ("workerId") WHERE "workerId" IS NOT NULL;
