export { default, meta } from './_index';
