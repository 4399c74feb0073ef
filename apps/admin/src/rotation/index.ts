export { RotationPanel, STATUS_LABELS } from './RotationPanel';
export { LeaveRotationButton, OutOfRotation, useRotationChoice } from './RotationChoice';
