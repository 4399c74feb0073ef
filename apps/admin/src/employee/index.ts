export { EmployeeDashboard } from './EmployeeDashboard';
