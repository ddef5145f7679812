import { useFetcher } from '@remix-run/react';
import { useId, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { useRowFetcher } from './use-row-fetcher';

/** A card as the lists render it: a fetcher's form, then a labelled field whose id comes from useId. */
function Card({ useCardFetcher }: { useCardFetcher: () => ReturnType<typeof useFetcher> }) {
  const fetcher = useCardFetcher();
  return (
    <article>
      <fetcher.Form method="post">
        <input type="hidden" name="bookingId" value="b-1" />
        <button type="submit" name="intent" value="accept" disabled={fetcher.state !== 'idle'}>
          Accept
        </button>
      </fetcher.Form>
      <Labelled>{fetcher.data === undefined ? 'no answer yet' : JSON.stringify(fetcher.data)}</Labelled>
    </article>
  );
}

function Labelled({ children }: { children: ReactNode }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{children}</label>
      <input id={id} />
    </p>
  );
}

async function serverHtml(useCardFetcher: () => ReturnType<typeof useFetcher>): Promise<string> {
  const routes = [{ id: 'routes/_app.CoachDashboard', path: '/CoachDashboard', loader: () => null, element: <Card useCardFetcher={useCardFetcher} /> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://fact.test/CoachDashboard?group=pending'));
  if (context instanceof Response) throw new Error('expected a render context');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

describe('a card’s fetcher on the server', () => {
  it('is not react-router’s fetcher there (the one it stands for is built in full for every card)', () => {
    expect(typeof document).toBe('undefined');
    expect(useRowFetcher).not.toBe(useFetcher);
  });

  it('renders the same form, state and ids as useFetcher, so the browser hydrates what it would have', async () => {
    const withRowFetcher = await serverHtml(() => useRowFetcher());
    const withUseFetcher = await serverHtml(() => useFetcher());
    expect(withRowFetcher).toContain('<form method="post" action="/CoachDashboard?group=pending">');
    expect(withRowFetcher).toContain('no answer yet');
    expect(withRowFetcher).toMatch(/<label for="([^"]+)">no answer yet<\/label><input id="\1"\/>/);
    expect(withRowFetcher).toBe(withUseFetcher);
  });
});
