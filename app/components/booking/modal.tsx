import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

// The dialog is opened in a layout effect (before the first paint, so it never shows as a plain
// box in the page); on the server there is no layout, and nothing to open.
const useOpenEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser makes the rest of
 * the page inert (no focus, no clicks, hidden from screen readers) and keeps Tab inside it. The
 * `<dialog>` covers the viewport and dims it; the labelled card inside is what one sees. Escape
 * (the browser's 'cancel'), the close button and a press outside the card close it; focus moves
 * to the first field on open and back where it was on close.
 *
 * `modal={false}` keeps it drawn the same but lets the page live: for a third party's own modal
 * appended to the page (Stripe's 3-D Secure challenge), which an inert page would make unusable.
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  size = 'md',
  modal = true,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  size?: 'md' | 'lg';
  modal?: boolean;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The latest props, for the listeners the dialog gets once, when it opens.
  const close = useRef(onClose);
  const wanted = useRef(modal);
  useOpenEffect(() => {
    close.current = onClose;
    wanted.current = modal;
  });

  useOpenEffect(() => {
    const d = dialog.current!;
    const previous = document.activeElement as HTMLElement | null;
    // The scroll lock before the focus: focusing lays the page out, and a lock set after it had
    // the page laid out a second time in the next frame.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (wanted.current) d.showModal();
    else d.show();
    // showModal focuses the first focusable element, the close button; the first field is where
    // one starts.
    const first = panel.current?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button:not([data-close])');
    (first ?? panel.current)?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    // The browser may close the dialog itself: a second Escape with no other input in between
    // cannot be cancelled. The owner decides: it unmounts the dialog, or, refusing to close (a
    // payment on its way), has it opened again.
    const onNativeClose = () => {
      if (d.open) return; // closed and shown again below, between modal and not
      close.current();
      requestAnimationFrame(() => {
        if (!d.isConnected || d.open) return;
        if (wanted.current) d.showModal();
        else d.show();
      });
    };
    d.addEventListener('cancel', onCancel);
    d.addEventListener('close', onNativeClose);
    return () => {
      d.removeEventListener('cancel', onCancel);
      d.removeEventListener('close', onNativeClose);
      if (d.open) d.close();
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  // Between modal and not: closed and shown again, the focus kept where it is (close() sends it
  // back to the element behind that had it before the dialog opened).
  useOpenEffect(() => {
    const d = dialog.current!;
    if (!d.open || d.matches(':modal') === modal) return;
    const focused = document.activeElement as HTMLElement | null;
    d.close();
    if (modal) d.showModal();
    else d.show();
    if (focused && d.contains(focused)) focused.focus();
  }, [modal]);

  return (
    // A press on the overlay around the card closes the dialog, as Escape does from the keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // The element is the dimmed overlay (drawn the same when not modal, which has no
      // ::backdrop), and the card inside it is laid out as before.
      className="dlg items-end justify-center bg-slate-900/50 open:flex sm:items-center sm:p-4"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={panel}
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl outline-none sm:rounded-2xl sm:p-6 ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-md'}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
          </div>
          <button type="button" data-close onClick={onClose} aria-label="Close" className="-mr-1 -mt-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
            <svg viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2} aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** The first error of a refused form, announced (SPEC §5: the first message in an alert). */
export function FormAlert({ message, detail }: { message: string | null | undefined; detail?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {detail ? <p className="font-semibold">{message}</p> : message}
      {detail ? <p className="mt-0.5">{detail}</p> : null}
    </div>
  );
}

export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {messages[0]}
    </p>
  );
}

export { dangerButton, dangerOutlineButton, inputClass, labelClass, primaryButton, secondaryButton } from './button-classes';
