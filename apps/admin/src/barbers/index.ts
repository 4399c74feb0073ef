export { BarbersPage } from './BarbersPage';
