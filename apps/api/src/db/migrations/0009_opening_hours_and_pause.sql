-- Opening hours in force: the walk-in pause and the last-call window.

-- The owner or a manager can pause the walk-in list ("Fully booked today"). While walkins_paused_at
-- is set, customers cannot check in (the desk still can) and the public page shows the reason.
ALTER TABLE shops ADD COLUMN walkins_paused_at timestamptz;
ALTER TABLE shops ADD COLUMN walkins_pause_reason text;

-- Check-ins stop this many minutes before the day's closing time; 0 takes them until closing.
ALTER TABLE shops ADD COLUMN last_check_in_minutes integer NOT NULL DEFAULT 0
  CHECK (last_check_in_minutes BETWEEN 0 AND 720);
