import path from 'node:path';
import { buildProduction } from '../../scripts/build';

/** Browser tests run against the production build, as `npm run build` makes it: built once per run (skip with FACT_SKIP_BUILD=1). */
export default function setup() {
  if (process.env.FACT_SKIP_BUILD === '1') return;
  buildProduction(path.resolve(import.meta.dirname, '../..'));
}
