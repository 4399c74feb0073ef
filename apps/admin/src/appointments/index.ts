export { AppointmentCreate } from './AppointmentCreate';
export { AppointmentEdit } from './AppointmentEdit';
