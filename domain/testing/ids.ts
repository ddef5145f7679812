import type { IdSource } from '../shared/ids';

/** Ids 00000000-0000-4000-8000-000000000001, …002, … (a prefix n gives 8nnn in the fourth group). */
export function sequentialIds(prefix = 0): IdSource {
  let n = 0;
  return {
    newId: () => {
      n += 1;
      return `00000000-0000-4000-8${String(prefix).padStart(3, '0')}-${String(n).padStart(12, '0')}`;
    },
  };
}
