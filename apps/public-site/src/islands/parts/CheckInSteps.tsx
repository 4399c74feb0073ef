import type { Ref } from 'react';
import { STEP_TITLES, stepLabel, type CheckInStep } from '../../lib/check-in-steps.js';

/** "Step 2 of 3 · Barber" with a row of dots; the line takes focus when the step changes. */
export function CheckInSteps({ steps, current, titleRef }: { steps: readonly CheckInStep[]; current: number; titleRef: Ref<HTMLParagraphElement> }) {
  const step = steps[current] ?? steps[0];
  return (
    <div className="check-in-steps">
      <p className="step-count" tabIndex={-1} ref={titleRef} data-testid="check-in-step">
        {stepLabel(current, steps)}
        {step && <span className="step-name"> · {STEP_TITLES[step]}</span>}
      </p>
      <ol className="step-dots" aria-hidden="true">
        {steps.map((s, i) => (
          <li key={s} className={i < current ? 'done' : i === current ? 'current' : undefined} />
        ))}
      </ol>
    </div>
  );
}
