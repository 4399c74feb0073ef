export { PlanNotice } from './PlanNotice';
export { UpgradePrompts } from './UpgradePrompts';
export { holdPrompts } from './blockers';
