export { PosterPage } from './PosterPage';
