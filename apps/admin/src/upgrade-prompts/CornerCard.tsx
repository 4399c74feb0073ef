import BoltIcon from '@mui/icons-material/Bolt';
import { CORNER_CARD_COUNTDOWN_MS } from '@chairline/shared';
import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { FloatingPrompt } from './FloatingPrompt';

/** Whole seconds left of the corner card's countdown (it closes itself at 0). */
export function secondsLeft(shownAt: number, now: number): number {
  return Math.max(0, Math.ceil((shownAt + CORNER_CARD_COUNTDOWN_MS - now) / 1000));
}

/** The corner (toast) card: counts down 15 s, then the schedule closes it. */
export function CornerCard({ shownAt, raised, onClose }: { shownAt: number; raised: boolean; onClose: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(shownAt, now);
  return (
    <FloatingPrompt
      testId="upgrade-corner-card"
      title="Ready for more walk-ins?"
      icon={<BoltIcon />}
      action="See plans"
      onClose={onClose}
      raised={raised}
      footer={
        <Typography variant="caption" color="text.secondary" data-testid="corner-card-countdown">
          Closes in {left} s
        </Typography>
      }
    >
      Paid plans raise your barber and check-in limits and add 24/7 support.
    </FloatingPrompt>
  );
}
