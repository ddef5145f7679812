import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';

/**
 * Test mode only (FACT_TEST_MODE=1): browser tests read and move the server's clock.
 * POST at=<ISO instant> sets it, POST reset=1 returns to real time. Anywhere else: 404.
 */
function clockOf(context: LoaderFunctionArgs['context']) {
  const clock = context.app.env.FACT_TEST_MODE === '1' ? context.app.testClock : undefined;
  if (!clock) throw new Response('Not Found', { status: 404 });
  return clock;
}

export async function loader({ context }: LoaderFunctionArgs) {
  return json({ now: clockOf(context).now().toISOString() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const clock = clockOf(context);
  const form = await request.formData();
  if (form.get('reset')) clock.reset();
  const at = form.get('at');
  if (typeof at === 'string') {
    const instant = new Date(at);
    if (Number.isNaN(instant.getTime())) return json({ message: 'Invalid instant' }, { status: 422 });
    clock.set(instant);
  }
  return json({ now: clock.now().toISOString() });
}
