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
  await page.addInitScript((watched: readonly string[]) => {
    const w = window as unknown as { __renders: Record<string, number>; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
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
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onCommitFiberRoot: (_id: number, root: { current: Fiber }) => visit(root.current, root.current.alternate),
    };
  }, selectors);
}

/** The counts, read after two frames and a short pause, so that a render the last event started has committed. */
export async function readRenders(page: Page): Promise<Record<string, number>> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50)))));
  return page.evaluate(() => ({ ...(window as unknown as { __renders: Record<string, number> }).__renders }));
}

export async function resetRenders(page: Page): Promise<void> {
  await page.evaluate(() => {
    const renders = (window as unknown as { __renders: Record<string, number> }).__renders;
    for (const key of Object.keys(renders)) renders[key] = 0;
  });
}
