/** Icons from the one sprite file (defined in link-and-icon.tsx, which says why). */
export { Icon, spriteHref, type IconName } from './link-and-icon';
