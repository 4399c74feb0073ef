export { OperatorAffiliatesPage } from './OperatorAffiliatesPage';
