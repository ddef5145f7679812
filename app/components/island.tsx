import { useFetchers, useNavigation, useRevalidator } from '@remix-run/react';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';

/**
 * Server-rendered now, hydrated later (issue 20 §4: a first visit downloads only what the first
 * screen needs). `island(Server, load)` renders `Server` on the server, so the page's HTML is
 * complete and looks the same; in the browser the component's code is not part of the page's
 * JavaScript: `load` fetches it when the island comes near the screen (200px), when the pointer
 * or the keyboard focus enters it, or at once with `when: 'now'`; until then React keeps the
 * server's markup as it is. A click or a form submission made before the code arrived is held
 * and replayed on the hydrated island, so nothing the person does is lost. Rendered in the
 * browser without server markup (after a client-side navigation), it loads at once.
 *
 * Text typed into the server's boxes before the code arrived stays in them, and is announced to
 * the hydrated components as if typed then (announceTypedText), so a controlled box's state holds
 * it too.
 *
 * Any navigation, fetcher or revalidation also wakes it: the router's state is a context above
 * the island, and React holds a transition that changes a context above a boundary it has not
 * hydrated until that boundary hydrates (it never discards the server's markup for it).
 *
 * `Server` comes from a `*.server.ts` module re-exporting the component: the browser build
 * replaces such modules with an empty one, which is how the code stays out of the page's chunks.
 */
export function island<P extends object>(
  Server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
  { when = 'visible', className }: { when?: 'visible' | 'now'; className?: string } = {},
): ComponentType<P> {
  if (Server) {
    return function ServerIsland(props: P) {
      return (
        <div className={className}>
          <Suspense fallback={null}>
            <Server {...props} />
            <Hydrated onHydrated={noop} />
          </Suspense>
        </div>
      );
    };
  }

  let wake!: () => void;
  const wanted = new Promise<void>((resolve) => (wake = resolve));
  const Lazy = lazy(() => wanted.then(load).then((component) => ({ default: component }))) as unknown as ComponentType<P>;

  return function Island(props: P) {
    const box = useRef<HTMLDivElement>(null);
    const held = useRef<{ done: boolean; replay: (() => void) | null }>({ done: false, replay: null });
    const navigation = useNavigation();
    const revalidator = useRevalidator();
    const fetchers = useFetchers();
    const busy = navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
    // In the render of the transition itself, so that the code is on its way while React waits.
    if (busy && !held.current.done) wake();

    useEffect(() => {
      const el = box.current;
      // Rendered in the browser with no server markup: nothing to hold.
      if (!el || !el.firstChild) {
        wake();
        return;
      }
      let seen: IntersectionObserver | null = null;
      if (when === 'now' || typeof IntersectionObserver === 'undefined') wake();
      else {
        seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && wake(), { rootMargin: '200px 0px' });
        seen.observe(el);
      }
      // On window, in the capture phase: before React's own listener, which would drop an event
      // aimed at markup it has not hydrated yet.
      const onEvent = (e: Event) => {
        if (held.current.done || !(e.target instanceof Node) || !el.contains(e.target)) return;
        wake();
        if (e.type !== 'click' && e.type !== 'submit') return;
        e.preventDefault();
        e.stopPropagation();
        const target = e.target;
        const submitter = (e as SubmitEvent).submitter;
        held.current.replay =
          e.type === 'submit' && target instanceof HTMLFormElement ? () => target.requestSubmit(submitter ?? undefined) : target instanceof HTMLElement ? () => target.click() : null;
      };
      const types = ['pointerover', 'focusin', 'touchstart', 'click', 'submit'] as const;
      for (const type of types) window.addEventListener(type, onEvent, true);
      // Says from when an early click or submission is held, and when it is over (tests wait on it).
      if (!held.current.done) el.dataset.island = 'holding';
      return () => {
        seen?.disconnect();
        for (const type of types) window.removeEventListener(type, onEvent, true);
      };
    }, []);

    const hydrated = () => {
      held.current.done = true;
      if (box.current) box.current.dataset.island = 'hydrated';
      const replay = held.current.replay;
      held.current.replay = null;
      const announced = box.current ? announceTypedText(box.current) : 0;
      // After the state that text sets has rendered: a held submit reads it.
      if (announced > 0 && replay) setTimeout(replay, 0);
      else replay?.();
    };

    return (
      <div ref={box} className={className}>
        <Suspense fallback={null}>
          <Lazy {...props} />
          <Hydrated onHydrated={hydrated} />
        </Suspense>
      </div>
    );
  };
}

const noop = () => {};

const NOT_TYPED_INTO = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset', 'image', 'range', 'color']);

/**
 * Text typed into the server's markup before hydration is in the boxes, but React hydrated with the
 * server's values: a controlled box's state lacks it (a disabled 'Search', a box its next render
 * empties). React reports a change only when the value differs from the one it last saw, so each
 * such box is set back to the server's value through React's own setter, given the typed text past
 * it, and sent an `input` event, as a keystroke would. The swap happens within one task: nothing
 * is painted in between. Returns how many boxes were announced.
 */
export function announceTypedText(root: HTMLElement): number {
  let announced = 0;
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if ((el instanceof HTMLInputElement && NOT_TYPED_INTO.has(el.type)) || el.value === el.defaultValue) continue;
    const typed = el.value;
    const selection = el === document.activeElement && 'selectionStart' in el ? safeSelection(el) : null;
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, 'value')?.set?.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    if (selection) el.setSelectionRange(selection[0], selection[1]);
    announced++;
  }
  return announced;
}

/** The caret of a box that has one (an email or a number box throws on reading it). */
function safeSelection(el: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? null : [el.selectionStart, el.selectionEnd];
  } catch {
    return null;
  }
}

/** Renders nothing; its effect runs once the island's boundary is hydrated (or rendered). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => {
    onHydrated();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
