import type { Page } from 'playwright-core';

/**
 * Counts, in the page, how often React rendered the elements matching some selectors again.
 *
 * Installs a minimal React DevTools hook before the page's scripts run (React DOM reports each
 * commit to it). After each commit, the fibers React worked on are walked (a subtree React left
 * alone keeps its child fiber, so it is skipped), and a DOM element counts as rendered again when
 * its props object is new: only its component's render makes one. The DOM alone cannot show
 * this: a card rendered again with the same data writes nothing to it.
 *
 * Call before the page's first navigation; read with `readRenders`, reset with `resetRenders`.
 */
export async function watchRenders(page: Page, selectors: readonly string[]): Promise<void> {
  await installCommitHook(page);
  await page.addInitScript((watched: readonly string[]) => {
    const w = window as unknown as { __renders: Record<string, number>; __onReactCommit: ((root: { current: Fiber }) => void)[] };
    w.__renders = Object.fromEntries(watched.map((s) => [s, 0]));
    type Fiber = { tag: number; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; memoizedProps: unknown; stateNode: unknown };
    const HOST_COMPONENT = 5;
    const visit = (fiber: Fiber, previous: Fiber | null) => {
      if (fiber.tag === HOST_COMPONENT && fiber.stateNode instanceof Element && (!previous || fiber.memoizedProps !== previous.memoizedProps)) {
        for (const s of watched) if (fiber.stateNode.matches(s)) w.__renders[s] = (w.__renders[s] ?? 0) + 1;
      }
      if (previous && fiber.child === previous.child) return;
      for (let child = fiber.child; child; child = child.sibling) visit(child, previous ? child.alternate : null);
    };
    w.__onReactCommit.push((root) => visit(root.current, root.current.alternate));
  }, selectors);
}

/**
 * A minimal React DevTools hook, installed before the page's scripts run: React DOM reports each
 * commit to it, and it hands the committed root to each function in the page's `__onReactCommit`
 * (init scripts added after this one push theirs). Installed once per page.
 */
async function installCommitHook(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __onReactCommit?: ((root: unknown) => void)[]; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
    if (w.__onReactCommit) return;
    const listeners: ((root: unknown) => void)[] = (w.__onReactCommit = []);
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onCommitFiberRoot: (_id: number, root: unknown) => {
        for (const listener of listeners) listener(root);
      },
    };
  });
}

/** The counts, read after two frames and a short pause, so that a render the last event started has committed. */
export async function readRenders(page: Page): Promise<Record<string, number>> {
  await afterLateCommits(page);
  return page.evaluate(() => ({ ...(window as unknown as { __renders: Record<string, number> }).__renders }));
}

export async function resetRenders(page: Page): Promise<void> {
  await page.evaluate(() => {
    const renders = (window as unknown as { __renders: Record<string, number> }).__renders;
    for (const key of Object.keys(renders)) renders[key] = 0;
  });
}

/**
 * Logs, in the page, each React commit with how many DOM elements it gave new props ('commit 480'),
 * and (after `followRouter`) each state the router publishes ('router loading', 'router idle'), in
 * the order they happen, in `window.__timeline`. The router tells its subscribers synchronously, and
 * React commits what they set later, so a commit logged after 'router idle' came from that state
 * or after it. Call before the page's first navigation.
 */
export async function logCommits(page: Page): Promise<void> {
  await installCommitHook(page);
  await page.addInitScript(() => {
    type Fiber = { tag: number; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; memoizedProps: unknown };
    const w = window as unknown as { __timeline: string[]; __onReactCommit: ((root: { current: Fiber }) => void)[] };
    w.__timeline = [];
    const HOST_COMPONENT = 5;
    const count = (fiber: Fiber, previous: Fiber | null): number => {
      let n = fiber.tag === HOST_COMPONENT && (!previous || fiber.memoizedProps !== previous.memoizedProps) ? 1 : 0;
      if (previous && fiber.child === previous.child) return n;
      for (let child = fiber.child; child; child = child.sibling) n += count(child, previous ? child.alternate : null);
      return n;
    };
    w.__onReactCommit.push((root) => w.__timeline.push(`commit ${count(root.current, root.current.alternate)}`));
  });
}

/** Adds the router's states to the page's timeline (`logCommits`); call once the page is hydrated. */
export async function followRouter(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __timeline: string[]; __remixRouter: { subscribe: (fn: (state: { navigation: { state: string } }) => void) => void } };
    w.__remixRouter.subscribe((state) => w.__timeline.push(`router ${state.navigation.state}`));
  });
}

/** The timeline so far, read once late commits are in (as `readRenders`), then emptied. */
export async function takeTimeline(page: Page): Promise<string[]> {
  await afterLateCommits(page);
  return page.evaluate(() => (window as unknown as { __timeline: string[] }).__timeline.splice(0));
}

/** Two frames and a short pause: a render that the last event started has committed by then. */
async function afterLateCommits(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
}
