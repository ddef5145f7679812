import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { toast, Toaster } from 'sonner';
import { keptAfterRaising, toastDurationMs, type ShownToast } from '~/toast';

/**
 * The toasts themselves, drawn by sonner: one stack, collapsed to its newest toast with two
 * peeking behind, that opens while the pointer or keyboard focus is on it. Its code is fetched
 * with the first toast (toaster.tsx), so no page pays for it on a first visit.
 */

/** The ids on screen, oldest first, so that the 21st toast closes the oldest (SPEC §9: at most 20). */
let kept: string[] = [];
const forget = (id: string | number) => void (kept = kept.filter((k) => k !== String(id)));

/** Hands one toast to sonner; call only once <ToastStack/> is mounted (sonner drops toasts raised before). */
export function raiseToast(shown: ShownToast): void {
  const next = keptAfterRaising(kept, shown.id);
  kept = next.kept;
  for (const id of next.dropped) toast.dismiss(id);
  toast[shown.type](shown.title, {
    id: shown.id,
    description: shown.description,
    duration: toastDurationMs(shown.type),
    onDismiss: (t) => forget(t.id),
    onAutoClose: (t) => forget(t.id),
  });
}

// sonner's own small-screen layout starts at this width: below it the stack spans the screen.
const NARROW = '(max-width: 600px)';
function subscribeNarrow(listener: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

// On a phone the stack sits just below the page's header (the shell's is 3.5 rem and sticky, the
// signed-out pages' about 4 rem), clear of the menu and Logout, and clear of the bottom of the
// screen, where the thumb presses a form's Save and a conversation keeps its Send button.
const BELOW_HEADER = '4.5rem';

const COLOURS = {
  success: 'border-pitch-200 bg-pitch-50 text-pitch-900',
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-slate-200 bg-white text-slate-900',
};

/** sonner's Toaster in FACT's look; `onMounted` runs once sonner listens, to raise the toasts that waited for it. */
export function ToastStack({ onMounted }: { onMounted: () => void }) {
  const narrow = useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
  // Keyboard focus on a toast opens the stack, so the close button it reaches is the one it sees.
  // A click's focus does not: the stack stays one toast tall under the pointer.
  const [focused, setFocused] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(onMounted, [onMounted]);
  useEffect(() => {
    if (!focused) return;
    // A closed toast takes its focus with it, and not every browser reports that as a blur: the
    // next focus or press anywhere else closes the stack.
    const outside = (event: Event) => {
      if (!(event.target instanceof Node && wrapper.current?.contains(event.target))) setFocused(false);
    };
    document.addEventListener('focusin', outside);
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('focusin', outside);
      document.removeEventListener('pointerdown', outside);
    };
  }, [focused]);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => setFocused(event.target.matches(':focus-visible'));
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  return (
    <div ref={wrapper} onFocus={onFocus} onBlur={onBlur}>
      <Toaster
        position={narrow ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: BELOW_HEADER }}
        visibleToasts={3}
        expand={focused}
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{
          unstyled: true,
          closeButtonAriaLabel: 'Dismiss notification',
          classNames: {
            toast:
              'flex w-full items-start gap-3 overflow-hidden rounded-lg border py-3 pl-4 pr-10 text-sm shadow-lg data-[expanded=false]:data-[front=false]:*:opacity-0 focus-visible:outline-2 focus-visible:outline-pitch-600',
            ...COLOURS,
            icon: 'mt-0.5 shrink-0 [&>svg]:size-4',
            content: 'min-w-0 flex-1',
            title: 'font-semibold',
            description: 'mt-1 opacity-90',
            closeButton: 'absolute right-2 top-2 rounded p-1 text-current opacity-60 hover:opacity-100 focus-visible:opacity-100 [&>svg]:size-4',
          },
        }}
      />
    </div>
  );
}
