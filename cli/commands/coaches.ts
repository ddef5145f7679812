import type { Command } from 'commander';
import * as z from 'zod';
import { placeCoaches, unplacedCoaches, type CoachPlacing } from '../../adapters/persistence/search/coach-geocoding';
import { loadPlaces } from '../../adapters/persistence/search/place-rows';
import { placeForLocation, UNMATCHED_REASONS } from '../../domain/search/geocode';
import { createPlaceDirectory } from '../../domain/search/places';
import { actingAdmin } from '../admin-support';
import { table } from '../format';
import { output, parseOptions } from '../program';
import { withApp } from '../with-app';

const geocodeSchema = z
  .object({ as: z.string().min(1).optional(), dryRun: z.boolean().optional(), json: z.boolean().optional() })
  .refine((o) => o.dryRun === true || o.as !== undefined, { message: '--as <admin email> is required (or --dry-run to only look)', path: ['as'] });

/** `fact coaches geocode` (issue 46). */
export function registerCoachCommands(program: Command): void {
  const coaches = program.command('coaches').description("coaches' profiles");

  coaches
    .command('geocode')
    .description("match coaches' location text to places once (coaches without a base place), and report those left unmatched")
    .option('--as <email>', 'the administrator doing it (audited)')
    .option('--dry-run', 'report what would match, change nothing')
    .option('--json', 'machine-readable output')
    .action(async (raw: unknown) => {
      const opts = parseOptions(geocodeSchema, raw);
      const out = output(Boolean(opts.json));
      await withApp(async ({ app }) => {
        const actor = opts.as === undefined ? null : await actingAdmin(app, opts.as);
        const em = app.orm.em.fork();
        const directory = createPlaceDirectory(await loadPlaces(em));
        const matched: (CoachPlacing & { fullName: string; location: string | null })[] = [];
        const unmatched: { userId: string; fullName: string; location: string | null; reason: string }[] = [];
        for (const coach of await unplacedCoaches(em)) {
          const match = placeForLocation(directory, coach.location);
          if (match.kind === 'matched') matched.push({ ...coach, placeId: match.place.id, label: match.place.label });
          else unmatched.push({ ...coach, reason: UNMATCHED_REASONS[match.reason] });
        }
        // A dry run reports every match; a real one those it placed (a coach may have chosen a place meanwhile).
        const placed = opts.dryRun || !actor ? null : new Set(await placeCoaches(em, app.ids, actor.userId, matched));
        const rows = placed ? matched.filter((m) => placed.has(m.userId)) : matched;
        const human = [
          `${opts.dryRun ? 'Would place' : 'Placed'} ${rows.length} coach${rows.length === 1 ? '' : 'es'}; ${unmatched.length} left unmatched.`,
          rows.length
            ? table(
                rows.map((m) => ({ id: m.userId, name: m.fullName, location: m.location ?? '', place: m.label })),
                ['id', 'name', 'location', 'place'],
              )
            : '',
          unmatched.length
            ? `Unmatched (they choose their base place on their profile):\n${table(
                unmatched.map((u) => ({ id: u.userId, name: u.fullName, location: u.location ?? '', why: u.reason })),
                ['id', 'name', 'location', 'why'],
              )}`
            : '',
        ];
        out.print(human.filter((l) => l !== '').join('\n'), {
          dryRun: opts.dryRun === true,
          placed: rows.map((m) => ({ userId: m.userId, fullName: m.fullName, location: m.location, place: { id: m.placeId, label: m.label } })),
          unmatched,
        });
      });
    });
}
