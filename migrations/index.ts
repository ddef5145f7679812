import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000001_initial } from './Migration20261121000001_initial';

/** Every migration, in order. Listed explicitly so the bundled server and the CLI run the same set. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000001_initial', class: Migration20261121000001_initial },
];
