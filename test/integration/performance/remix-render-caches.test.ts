import { createStaticHandler, json } from '@remix-run/router';
import { Link, RemixServer, Scripts, type LinkProps } from '@remix-run/react';
import { createRequestHandler, type EntryContext, type ServerBuild } from '@remix-run/node';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, createStaticRouter } from 'react-router-dom/server';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { useLoaderData } from '@remix-run/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The module Remix's request handler calls each loader through (not part of its public API).
// eslint-disable-next-line import/no-unresolved
import { callRouteLoader, isJsonPlain } from '@remix-run/server-runtime/dist/data.js';

/**
 * Issue 20 §2, decision 010: what Remix 2 redid for every page although it depends only on the
 * build, or copied although nothing changed, is done once or left alone by the patches in
 * scripts/patches. Each test fails when `npm install` did not apply its patch.
 */

/** Remix's own request handler, as production runs it, over a build of one route (the root). */
function oneRouteHandler(module: object, future: Record<string, boolean> = {}) {
  const entry = {
    default: (_request: Request, status: number, headers: Headers, context: EntryContext) =>
      new Response(renderToString(createElement(RemixServer, { context, url: 'http://fact.test/' })), { status, headers: { ...Object.fromEntries(headers), 'Content-Type': 'text/html' } }),
  };
  const build = {
    mode: 'production',
    routes: { root: { id: 'root', path: '', module } },
    assets: { routes: { root: { id: 'root', path: '', module: '/root.js', hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false } }, entry: { module: '/entry.js', imports: [] }, url: '/manifest.js', version: '1' },
    entry: { module: entry },
    future: { v3_fetcherPersist: false, v3_relativeSplatPath: false, v3_throwAbortReason: false, v3_singleFetch: false, v3_lazyRouteDiscovery: false, unstable_optimizeDeps: false, ...future },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    isSpaMode: false,
  } as unknown as ServerBuild;
  return createRequestHandler(build, 'production');
}

describe('a page render reuses what depends only on the build', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes a page’s module script (its imports and partial manifest) once per build and matched routes', async () => {
    // Remix's fog of war, as FACT's build has it (v3_lazyRouteDiscovery): the module script
    // inlines a manifest of the matched routes, which getPartialManifest copies and matches again.
    const fogOfWar = createRequire(import.meta.url)('@remix-run/react/dist/fog-of-war.js') as { getPartialManifest: (...args: unknown[]) => unknown };
    const partialManifest = vi.spyOn(fogOfWar, 'getPartialManifest');
    const page = { default: () => createElement('div', null, createElement('p', null, 'Found 3 coaches'), createElement(Scripts)), loader: () => ({ coaches: 3 }) };
    const moduleScript = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const render = async (handle: ReturnType<typeof oneRouteHandler>) => (await handle(new Request('http://fact.test/'))).text();
    const handle = oneRouteHandler(page, { v3_lazyRouteDiscovery: true });
    const first = await render(handle);
    expect(moduleScript(first)).toContain('import * as route0 from "/root.js"');
    expect(moduleScript(first)).toContain('window.__remixManifest = {');
    expect(partialManifest).toHaveBeenCalledTimes(1);
    const second = await render(handle);
    expect(moduleScript(second)).toBe(moduleScript(first));
    expect(partialManifest).toHaveBeenCalledTimes(1);
    // Another build (another manifest) writes its own.
    expect(moduleScript(await render(oneRouteHandler(page, { v3_lazyRouteDiscovery: true })))).toBe(moduleScript(first));
    expect(partialManifest).toHaveBeenCalledTimes(2);
  });

  it('makes the static router’s data routes once per route array', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'find', path: 'FindCoaches' }] }];
    const context = { basename: '/', location: { pathname: '/', search: '', hash: '', state: null, key: 'default' }, matches: [], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null } as never;
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });

  it('builds RemixServer’s route tree once for a build, though every page renders it', async () => {
    // Through Remix's own request handler, as production runs it: createServerRoutes reads each
    // route module's `handle`; a tree made once reads none on later pages.
    const reads = { count: 0 };
    const page = { default: () => createElement('p', null, 'Found 3 coaches'), loader: () => ({ coaches: 3 }) };
    const module = new Proxy(page, { get: (target, key) => (key === 'handle' && (reads.count += 1), Reflect.get(target, key)) });
    const handle = oneRouteHandler(module);
    const render = async () => (await handle(new Request('http://fact.test/'))).text();
    expect(await render()).toContain('Found 3 coaches');
    const afterFirst = reads.count;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await render()).toContain('Found 3 coaches');
    expect(reads.count).toBe(afterFirst);
  });
});

describe('a loader’s answer on the server', () => {
  it('is read from the text json() made, without streaming the body back', async () => {
    const answer = json({ coaches: [{ name: 'Zoë', rate: 4500 }], note: 'a \ud800 lone surrogate' });
    const handler = createStaticHandler([{ id: 'root', path: '/', loader: () => answer }]);
    const context = await handler.query(new Request('http://fact.test/'));
    if (context instanceof Response) throw new Error('expected a render context');
    expect(context.loaderData.root).toEqual(JSON.parse(JSON.stringify({ coaches: [{ name: 'Zoë', rate: 4500 }], note: 'a \ud800 lone surrogate' })));
    expect(answer.bodyUsed).toBe(false);
  });

  it('still reads a body it did not make (a Response built by hand)', async () => {
    const handler = createStaticHandler([{ id: 'root', path: '/', loader: () => new Response('{"ok":true}', { headers: { 'Content-Type': 'application/json' } }) }]);
    const context = await handler.query(new Request('http://fact.test/'));
    if (context instanceof Response) throw new Error('expected a render context');
    expect(context.loaderData.root).toEqual({ ok: true });
  });
});

describe('a document’s loader data', () => {
  /** A one-route page; `seen` is what its render got from useLoaderData. */
  const pageWith = (data: () => unknown) => {
    const seen: { data?: unknown } = {};
    const Page = () => {
      seen.data = useLoaderData();
      return createElement('p', null, 'page');
    };
    return { handle: oneRouteHandler({ default: Page, loader: data }), seen };
  };

  it('reaches the render as the loader made it when JSON would give it back unchanged', async () => {
    const data = { coaches: [{ name: 'Zoë', ratePence: 4500, verified: true, photo: null }], note: 'a \ud800 lone surrogate' };
    const { handle, seen } = pageWith(() => data);
    expect(await (await handle(new Request('http://fact.test/'))).text()).toContain('<p>page</p>');
    expect(seen.data).toBe(data);
  });

  it('is a JSON copy when JSON would change it (a Date, undefined, NaN, an array with a named property)', async () => {
    const tagged = Object.assign(['a', 'b'], { total: 2 });
    for (const data of [{ at: new Date('2026-11-28T09:00:00Z') }, { note: undefined, n: 1 }, { ratio: Number.NaN }, { tags: tagged }]) {
      const { handle, seen } = pageWith(() => data);
      await handle(new Request('http://fact.test/'));
      expect(seen.data).not.toBe(data);
      expect(seen.data).toEqual(JSON.parse(JSON.stringify(data)));
    }
  });

  it('is still answered as JSON to the browser’s data requests', async () => {
    const { handle } = pageWith(() => ({ coaches: 3 }));
    const answer = await handle(new Request('http://fact.test/?_data=root'));
    expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ coaches: 3 });
  });

  it('is taken as it is only when JSON would give back a strictly equal value', () => {
    const anything = fc.anything({ withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true });
    fc.assert(
      fc.property(anything, (value) => {
        if (isJsonPlain(value, 0)) expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(fc.property(fc.jsonValue(), (value) => isJsonPlain(JSON.parse(JSON.stringify(value)), 0)));
  });
});

describe('the Request a loader gets', () => {
  const call = async (url: string) => {
    let seen: Request | undefined;
    await callRouteLoader({ loadContext: {}, params: {}, routeId: 'routes/x', singleFetch: false, request: new Request(url), loader: ({ request }: { request: Request }) => ((seen = request), null) } as never);
    return seen!;
  };

  it('is the request itself when its URL has neither ?index nor ?_data', async () => {
    const request = new Request('http://fact.test/FindCoaches?q=keeper');
    let seen: Request | undefined;
    await callRouteLoader({ loadContext: {}, params: {}, routeId: 'routes/x', singleFetch: false, request, loader: ({ request: r }: { request: Request }) => ((seen = r), null) } as never);
    expect(seen).toBe(request);
  });

  it('still loses Remix’s own parameters: _data, and an empty index', async () => {
    expect((await call('http://fact.test/FindCoaches?q=a&_data=routes%2Fx')).url).toBe('http://fact.test/FindCoaches?q=a');
    expect((await call('http://fact.test/?index&q=a')).url).toBe('http://fact.test/?q=a');
    expect((await call('http://fact.test/?q=index')).url).toBe('http://fact.test/?q=index');
  });
});

describe('a link written on the server', () => {
  const links = [
    { to: '/CoachProfile?userId=3f1c', className: 'btn btn-s', 'aria-label': 'View profile of Zoë', children: 'View Profile' },
    { to: '/', children: 'Home' },
    { to: '/MyBookings?tab=past#card-7', target: '_blank', children: 'Past' },
    { to: '/Terms', reloadDocument: true, children: 'Terms' },
    { to: '/PrivacyPolicy', discover: 'none', prefetch: 'intent', replace: true, state: { from: 'x' }, preventScrollReset: true, children: 'Privacy' },
    { to: '/a?', children: 'empty query' },
    { to: '/a#', children: 'empty hash' },
    { to: '/a?#b', children: 'empty query, hash' },
    { to: 'relative/path', children: 'relative' },
    { to: '//elsewhere.example/x', children: 'protocol-relative' },
    { to: 'https://stripe.com/gb/legal', children: 'absolute' },
    { to: { pathname: '/Messages', search: '?unread=1' }, children: 'object' },
  ] as const;
  const render = () =>
    renderToString(createElement(StaticRouter, { location: '/FindCoaches?specialization=goalkeeping' }, ...links.map((props, i) => createElement(Link, { key: i, ...(props as unknown as LinkProps) }))));

  it('is the same <a> as react-router’s Link writes, for app paths and every other kind of target', () => {
    const written = render();
    const globals = globalThis as { document?: unknown };
    globals.document = {}; // Remix's Link then takes its whole path, as in a browser
    let full: string;
    try {
      full = render();
    } finally {
      delete globals.document;
    }
    expect(written).toBe(full);
    expect(written).toContain('<a class="btn btn-s" aria-label="View profile of Zoë" data-discover="true" href="/CoachProfile?userId=3f1c">View Profile</a>');
  });

  it('resolves no path for a link to an app path (no JSON copy of the route paths per link)', () => {
    const original = JSON.stringify;
    let copies = 0;
    JSON.stringify = ((...args: Parameters<typeof original>) => ((copies += 1), original(...args))) as typeof original;
    try {
      renderToString(createElement(StaticRouter, { location: '/FindCoaches' }, ...Array.from({ length: 20 }, (_, i) => createElement(Link, { key: i, to: `/CoachProfile?userId=${i}` }, 'View Profile'))));
    } finally {
      JSON.stringify = original;
    }
    expect(copies).toBe(0);
  });
});

describe('an element made by the production JSX runtime (react/jsx-runtime, patched as React 19 does it)', () => {
  // What the production build (server and browser) runs; tests run React's development build.
  const load = createRequire(import.meta.url);
  const runtime = load(path.join(path.dirname(load.resolve('react/package.json')), 'cjs/react-jsx-runtime.production.min.js')) as {
    jsx: (type: unknown, config: Record<string, unknown>, key?: unknown) => { key: string | null; ref: unknown; props: Record<string, unknown> };
  };

  it('takes the config compiled JSX made for it as its props, without a copy', () => {
    const config = { className: 'card', children: 'Zoë' };
    const element = runtime.jsx('div', config);
    expect(element.props).toBe(config);
    expect(element.key).toBeNull();
    expect(runtime.jsx('li', { children: 'x' }, 7).key).toBe('7');
  });

  it('still takes a key or a ref out of the props (a spread config can hold them) and fills in default props', () => {
    const ref = { current: null };
    const element = runtime.jsx('input', { key: 'k', ref, name: 'q' });
    expect([element.key, element.ref, element.props]).toEqual(['k', ref, { name: 'q' }]);
    const WithDefaults = Object.assign(() => null, { defaultProps: { tone: 'error', size: 2 } });
    expect(runtime.jsx(WithDefaults, { size: 3 }).props).toEqual({ size: 3, tone: 'error' });
  });

  it('renders the same HTML as createElement', () => {
    const tree = (make: (type: string, props: Record<string, unknown>) => unknown) =>
      make('ul', { className: 'list', children: [make('li', { 'aria-current': 'page', children: 'One' }), make('li', { hidden: false, children: ['Two', 2] })] });
    const viaRuntime = renderToString(tree((type, props) => runtime.jsx(type, props)) as never);
    const viaCreateElement = renderToString(tree((type, { children, ...props }) => createElement(type, props, ...(Array.isArray(children) ? children : [children]))) as never);
    expect(viaRuntime).toBe(viaCreateElement);
  });
});
