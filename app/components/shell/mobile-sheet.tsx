import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// Opened before the frame that starts the slide, so the page is never live under a shown sheet.
const useOpenEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Below 768 px the sidebar is an off-canvas sheet (18rem): Esc, the backdrop or a link close it.
 * Its content is rendered from the first time it opens (kept afterwards for the closing slide),
 * so no page pays on the server for a second copy of the sidebar nobody has asked for; the closed
 * sheet itself is drawn only once the page is interactive (it cannot open before), not in the HTML.
 *
 * A native `<dialog>` opened with `showModal()`: while open, the page behind is inert and Tab
 * stays in the menu. Closed, it is still drawn (display: block, then invisible once the slide out
 * is over) instead of the closed dialog's display: none, so that it can slide both ways.
 */
export function MobileSheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const sheet = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [used, setUsed] = useState(open);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  useOpenEffect(() => {
    const d = sheet.current;
    if (!open || !d) return;
    const previous = document.activeElement as HTMLElement | null;
    document.body.style.overflow = 'hidden'; // before the focus, which lays the page out (as Modal)
    if (!d.open) d.showModal();
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    // Closed by the browser itself (a close request it no longer lets the page cancel).
    const onNativeClose = () => onClose();
    d.addEventListener('cancel', onCancel);
    d.addEventListener('close', onNativeClose);
    return () => {
      d.removeEventListener('cancel', onCancel);
      d.removeEventListener('close', onNativeClose);
      if (d.open) d.close();
      document.body.style.overflow = '';
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!hydrated && !open) return null;
  return (
    <dialog ref={sheet} id="mobile-sidebar" aria-label="Menu" aria-hidden={!open} className={`dlg block md:hidden ${open ? 'visible' : 'pointer-events-none invisible delay-200'}`}>
      <div role="presentation" className={`absolute inset-0 bg-slate-900/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`} onClick={onClose} />
      <div ref={panel} className={`absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl transition-transform ${open ? 'translate-x-0' : '-translate-x-full'}`}>
        {open || used ? children : null}
      </div>
    </dialog>
  );
}
