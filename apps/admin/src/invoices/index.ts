export { InvoicesPage } from './InvoicesPage';
