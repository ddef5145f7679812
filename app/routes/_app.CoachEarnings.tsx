import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useFetcher, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { loadEarningLines, loadEarningsPage, loadPackageSales, requireCoach } from '~/earnings/earnings-page.server';
import { LoadMoreButton } from '~/components/booking/load-more-button';
import { primaryButton } from '~/components/booking/button-classes';
import { EarningsChart } from '~/components/earnings/earnings-chart';
import { EarningsLines, type LineView } from '~/components/earnings/earnings-lines';
import { PackageSales } from '~/components/earnings/package-sales';

export const meta: MetaFunction = () => [{ title: 'Earnings · FACT' }];

/**
 * The coach's Earnings page: held, on the way and paid out, the next payout, the
 * last 12 months, the packages sold (issue 48) and one line per booking, both keyset-paged; a
 * session booked from a package says which. Coaches only (redirectFor). The first page costs
 * three statements besides the session lookup; 'Load more' (?lines=1&cursor=…) and 'Show more
 * sales' (?sales=1&cursor=…) one each.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireCoach(request, context);
  const url = new URL(request.url);
  const cursor = url.searchParams.get('cursor');
  const headers = { 'Cache-Control': 'private, no-store' };
  // 'Load more' asks for ?lines=1&cursor=…: the next lines only.
  if (cursor && url.searchParams.get('lines') === '1') return json({ more: true as const, ...(await loadEarningLines(context, user.id, cursor)) }, { headers });
  if (cursor && url.searchParams.get('sales') === '1') return json({ more: true as const, ...(await loadPackageSales(context, user.id, cursor)) }, { headers });
  return json({ more: false as const, ...(await loadEarningsPage(context, user.id)) }, { headers });
}

interface MorePage {
  readonly lines: LineView[];
  readonly nextCursor: string | null;
}

function Figure({ label, value, hint, tone = 'slate' }: { label: string; value: string; hint: string; tone?: 'slate' | 'sky' | 'pitch' }) {
  const tones = { slate: 'border-slate-200', sky: 'border-sky-200', pitch: 'border-pitch-200' };
  return (
    <div className={`rounded-2xl border bg-white p-3 shadow-sm sm:p-4 ${tones[tone]}`}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900 sm:text-2xl">{value}</dd>
      <dd className="mt-1 text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

export default function CoachEarnings() {
  const data = useLoaderData<typeof loader>();
  const more = useFetcher<MorePage>();
  const [extra, setExtra] = useState<MorePage | null>(null);
  useEffect(() => setExtra(null), [data]);
  useEffect(() => {
    if (more.state === 'idle' && more.data) {
      const page = more.data;
      setExtra((e) => ({ lines: [...(e?.lines ?? []), ...page.lines], nextCursor: page.nextCursor }));
    }
  }, [more.data, more.state]);
  if (data.more)
    return (
      <p className="text-slate-600">
        <Link to="/CoachEarnings" className="font-semibold text-pitch-700 underline">
          Back to your earnings
        </Link>
      </p>
    );
  const { figures, months, taxYears, sales } = data;
  const lines = [...data.lines, ...(extra?.lines ?? [])];
  const next = extra ? extra.nextCursor : data.nextCursor;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Earnings</h1>
        <p className="mt-1 text-slate-600">What your sessions have earned, and when it reaches your bank.</p>
      </header>

      {!figures.payoutsEnabled ? (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
          <span aria-hidden="true" className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-400 text-sm font-bold text-amber-950">
            !
          </span>
          <p className="text-sm text-amber-900">
            <Link to="/CoachProfile#payouts" className="font-semibold underline underline-offset-2 hover:text-amber-950">
              Set up payouts to receive your earnings
            </Link>
            . Until then, released money waits for you.
          </p>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Held" value={figures.held} hint="Paid by clients, held until 48 hours after each session" />
        <Figure label="On the way" value={figures.onTheWay} tone="sky" hint="Released to you, not yet in your bank" />
        <Figure label="Paid out" value={figures.paidOut} tone="pitch" hint="Paid to your bank, net of reversals" />
        <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
          <dt className="text-sm font-medium text-slate-600">Next payout</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{figures.nextPayout ? figures.nextPayout.date : '—'}</dd>
          <dd className="mt-1 text-xs text-slate-500">
            {figures.nextPayout ? `Expected ${figures.nextPayout.weekday} by ${figures.nextPayout.time}, London time` : figures.payoutsEnabled ? 'Nothing on its way yet' : 'Once payouts are set up'}
          </dd>
        </div>
      </dl>

      <EarningsChart months={months} />

      <PackageSales first={sales} />

      <section aria-labelledby="lines-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <div>
            <h2 id="lines-title" className="text-base font-semibold text-slate-900">
              Bookings
            </h2>
            <p className="text-xs text-slate-500">Platform share: the client’s £3 admin fee and any commission.</p>
          </div>
          <form method="get" action="/CoachEarnings/csv" className="flex flex-wrap items-end gap-2">
            <label className="text-xs font-medium text-slate-700">
              <span className="mb-1 block">UK tax year</span>
              <select name="year" defaultValue={taxYears[0]?.value} className="rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm text-slate-900">
                {taxYears.map((y) => (
                  <option key={y.value} value={y.value}>
                    {y.label}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={primaryButton}>
              Download CSV
            </button>
          </form>
        </div>
        {lines.length === 0 ? (
          <p className="px-6 py-14 text-center text-slate-600">No earnings yet. Money from your sessions shows here once a client’s payment is taken.</p>
        ) : (
          <div className="sm:px-3">
            <EarningsLines lines={lines} />
          </div>
        )}
        {next ? (
          <div className="pb-6">
            <LoadMoreButton loading={more.state !== 'idle'} onLoad={() => more.load(`/CoachEarnings?lines=1&cursor=${encodeURIComponent(next)}`)} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
