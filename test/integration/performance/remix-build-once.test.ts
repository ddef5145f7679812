import { afterEach, describe, expect, it } from 'vitest';
import { startHttpApp } from '../../support/http-app';

/**
 * Handed a function, Remix rebuilds its route table and static handler from the build
 * on every request (right in development, where the build changes; in production, work
 * repeated for nothing on every page). Deriving reads the build's route manifest; counting those reads
 * shows whether later requests still pay for it.
 */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Manifest reads on the first request, and per request on the two after it. */
async function manifestReads(asFunction: boolean): Promise<{ first: number; later: number }> {
  let reads = 0;
  const http = await startHttpApp(
    {},
    {
      build: (build) => {
        const counted = { ...build };
        Object.defineProperty(counted, 'routes', {
          get: () => {
            reads += 1;
            return build.routes;
          },
        });
        return asFunction ? async () => counted : counted;
      },
    },
  );
  closers.push(http.close);
  const get = async () => expect((await fetch(`${http.baseUrl}/Terms`)).status).toBe(200);
  await get();
  const first = reads;
  await get();
  await get();
  return { first, later: (reads - first) / 2 };
}

describe('the Remix build handed to the server', () => {
  it('has its route tables derived once, on the first request, when the server is handed the build itself', async () => {
    const { first, later } = await manifestReads(false);
    // The first request derives the route tables (extra reads); later ones only look things up.
    expect(later).toBeGreaterThan(0);
    expect(later).toBeLessThan(first);
  });

  it('has them derived again on every request when handed a function (what development needs, and production must not do)', async () => {
    const { first, later } = await manifestReads(true);
    expect(later).toBe(first);
  });
});
