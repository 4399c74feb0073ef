-- Request counts of the rate-limited endpoints, shared by every API process on one PostgreSQL
-- database, so N processes behind a load balancer still allow each client the limit once, not N
-- times. One row per limited route and client key: the hits of its current window and when that
-- window ends. A request after the end starts a new window in the same row; rows whose window has
-- ended are deleted from time to time. Counts are not worth keeping: the table is UNLOGGED (not
-- written to the write-ahead log, emptied after a crash, not replicated).
CREATE UNLOGGED TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);
