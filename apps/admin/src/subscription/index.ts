export { SubscriptionPage } from './SubscriptionPage';
