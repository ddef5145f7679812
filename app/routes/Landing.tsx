export { default, loader, meta } from './_index';
