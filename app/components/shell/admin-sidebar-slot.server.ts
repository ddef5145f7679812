/**
 * The server's copy of the administrators' sidebar search; the browser build empties this module,
 * so only an administrator's browser fetches it (sidebar.tsx).
 */
export { AdminSidebarSlot } from './admin-sidebar-slot';
