export { BarberWorkspace } from './BarberWorkspace';
