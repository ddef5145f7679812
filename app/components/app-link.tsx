/** FACT's link to an app page (decision 031; defined in link-and-icon.tsx, which says why). */
export { AppLink } from './link-and-icon';
