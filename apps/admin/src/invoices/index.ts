export { InvoicesPage } from './InvoicesPage';
export { CommissionSettingsPage } from './CommissionSettingsPage';
