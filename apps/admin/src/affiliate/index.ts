export { AffiliateArea } from './AffiliateArea';
