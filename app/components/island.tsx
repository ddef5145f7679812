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
 * the hydrated components as if typed then (typed-text.ts), so a controlled box's state holds
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
  let announce = (_root: HTMLElement) => {};
  const Lazy = lazy(() =>
    wanted
      .then(() => Promise.all([load(), import('./typed-text')]))
      .then(([component, typed]) => {
        announce = typed.announceTypedText;
        return { default: component };
      }),
  ) as unknown as ComponentType<P>;

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
      return () => {
        seen?.disconnect();
        for (const type of types) window.removeEventListener(type, onEvent, true);
      };
    }, []);

    const hydrated = () => {
      held.current.done = true;
      const replay = held.current.replay;
      held.current.replay = null;
      if (box.current) announce(box.current);
      // After the state that text sets has rendered: a held submit reads it.
      if (replay) setTimeout(replay, 0);
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

/** Renders nothing; its effect runs once the island's boundary is hydrated (or rendered). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => {
    onHydrated();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
