/**
 * The admin sidebar's booking-reference search panel (SPEC §2 'Admin sidebar also holds a
 * booking-reference search panel'). Empty for now: the administration feature replaces this
 * component; the shell renders it for administrators only.
 */
export function AdminSidebarSlot({ collapsed }: { collapsed: boolean }) {
  void collapsed;
  return null;
}
