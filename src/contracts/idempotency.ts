// The Idempotency-Key header (issue 24, item 8): a UUID a form makes when it opens and sends on every
// POST of its Save until one succeeds, so a double click or a retry after a timeout writes once.
// The server's rules: server/http/idempotency.ts.

/** The request header that carries the key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The reply header set when a kept reply is sent again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
