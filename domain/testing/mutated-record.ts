/** A change that removes the field instead of setting it (property tests of hand-written checks). */
export const DELETE = Symbol('delete');

/** A copy of `seed` with each change applied in turn: a value set, or the field deleted. */
export function mutated(seed: object, changes: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const data: Record<string, unknown> = { ...seed };
  for (const [field, value] of changes) {
    if (value === DELETE) delete data[field];
    else data[field] = value;
  }
  return data;
}
