import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { availabilityAction, loadAvailabilityPage } from '~/availability/availability-page.server';
import { LinkedCalendarCard } from '~/components/availability/linked-calendar-card';
import { ExceptionsCard } from '~/components/availability/exceptions-card';
import { SchedulingRulesForm } from '~/components/availability/scheduling-rules-form';
import { WeeklyHoursForm } from '~/components/availability/weekly-hours-form';

export const meta: MetaFunction = () => [{ title: 'Availability · FACT' }];

/** The coach's Availability page: weekly hours, exceptions, booking rules. Coaches only (redirectFor). */
export const loader = (args: LoaderFunctionArgs) => loadAvailabilityPage(args);

export const action = (args: ActionFunctionArgs) => availabilityAction(args);

function Card({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-4 mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}

export default function CoachAvailability() {
  const { weeklyHours, rules, exceptions, calendar, today } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Availability</h1>
        <p className="mt-1 text-sm text-slate-600">When clients can book you. Times are UK time (Europe/London).</p>
      </div>
      <Card id="weekly-hours-title" title="Weekly hours" intro="The hours you coach each week. Clients are offered start times inside them.">
        <WeeklyHoursForm weeklyHours={weeklyHours} slotStepMinutes={rules.slotStepMinutes} />
      </Card>
      <Card id="exceptions-title" title="Exceptions" intro="Days off, or different hours on some dates. They replace your weekly hours on those dates.">
        <ExceptionsCard rows={exceptions} today={today} />
      </Card>
      <Card id="rules-title" title="Booking rules" intro="Time kept free around each session, the notice you need, and a daily limit.">
        <SchedulingRulesForm rules={rules} />
      </Card>
      <LinkedCalendarCard calendar={calendar} />
    </div>
  );
}
