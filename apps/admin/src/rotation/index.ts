export { RotationPanel } from './RotationPanel';
export { LeaveRotationButton, OutOfRotation, useRotationChoice } from './RotationChoice';
