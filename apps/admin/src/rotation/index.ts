export { RotationPanel, STATUS_LABELS } from './RotationPanel';
