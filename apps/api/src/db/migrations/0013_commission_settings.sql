-- Commission settings: each barber's pay cycle may also be "twice a month" (1st-15th, 16th-end),
-- a new barber earns 50 % unless set otherwise, and each shop chooses the first day of its pay
-- periods (weekly and two-weekly periods count from it, monthly ones start on its day of the month).
ALTER TABLE barbers DROP CONSTRAINT IF EXISTS barbers_payment_cycle_check;
ALTER TABLE barbers ADD CONSTRAINT barbers_payment_cycle_check
  CHECK (payment_cycle IN ('weekly', 'biweekly', 'semimonthly', 'monthly'));
ALTER TABLE barbers ALTER COLUMN percentage SET DEFAULT 50;
ALTER TABLE shops ADD COLUMN pay_period_start date NOT NULL DEFAULT DATE '2024-01-01';
