export { WalkinsPage } from './WalkinsPage';
