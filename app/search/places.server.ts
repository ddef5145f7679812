import type { AppLoadContext } from '@remix-run/node';
import { loadPlaces } from '../../adapters/persistence/search/place-rows';
import type { Application } from '../../adapters/composition-root';
import { createPlaceDirectory, type PlaceDirectory } from '../../domain/search/places';

/** One directory per server: places change only with a migration (decision 053). A failed load is tried again next time. */
const byApp = new WeakMap<Application, Promise<PlaceDirectory>>();

export function placeDirectory(context: AppLoadContext): Promise<PlaceDirectory> {
  const app = context.app;
  let directory = byApp.get(app);
  if (!directory) {
    directory = loadPlaces(app.orm.em.fork()).then((places) => createPlaceDirectory(places));
    directory.catch(() => byApp.delete(app)).catch(() => {});
    byApp.set(app, directory);
  }
  return directory;
}
