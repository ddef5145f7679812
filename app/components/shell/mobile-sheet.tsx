import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Below 768 px the sidebar is an off-canvas sheet (18rem): Esc, the backdrop or a link close it.
 * Its content is rendered from the first time it opens (kept afterwards for the closing slide),
 * so no page pays on the server for a second copy of the sidebar nobody has asked for; the closed
 * sheet itself is drawn only once the page is interactive (it cannot open before), not in the HTML.
 */
export function MobileSheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  const [used, setUsed] = useState(open);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!open) return;
    setUsed(true);
    const previous = document.activeElement as HTMLElement | null;
    document.body.style.overflow = 'hidden'; // before the focus, which lays the page out (as Modal)
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!hydrated && !open) return null;
  return (
    <div className={`fixed inset-0 z-50 md:hidden ${open ? 'visible' : 'pointer-events-none invisible delay-200'}`} aria-hidden={!open}>
      <div
        role="presentation"
        className={`absolute inset-0 bg-slate-900/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <div
        id="mobile-sidebar"
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className={`absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl transition-transform ${open ? 'translate-x-0' : '-translate-x-full'}`}
      >
        {open || used ? children : null}
      </div>
    </div>
  );
}
