/**
 * `JSON.stringify(value, null, 2)` in pieces, for a document too large to hold twice: a download
 * can send each piece as it is made instead of building the whole text first. The pieces joined
 * are exactly that text; values follow JSON's rules (toJSON, undefined and functions left out of
 * objects and written as null in arrays).
 */
export function* prettyJsonPieces(value: unknown, indent = ''): Generator<string> {
  const json = toJsonValue(value);
  if (Array.isArray(json)) {
    if (json.length === 0) {
      yield '[]';
      return;
    }
    const inner = `${indent}  `;
    yield '[\n';
    for (let i = 0; i < json.length; i++) {
      yield inner;
      const item = toJsonValue(json[i]);
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* prettyJsonPieces(item, inner);
      yield i < json.length - 1 ? ',\n' : '\n';
    }
    yield `${indent}]`;
    return;
  }
  if (json !== null && typeof json === 'object') {
    const entries = Object.entries(json as Record<string, unknown>)
      .map(([key, v]) => [key, toJsonValue(v)] as const)
      .filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
    if (entries.length === 0) {
      yield '{}';
      return;
    }
    const inner = `${indent}  `;
    yield '{\n';
    for (let i = 0; i < entries.length; i++) {
      const [key, v] = entries[i]!;
      yield `${inner}${JSON.stringify(key)}: `;
      yield* prettyJsonPieces(v, inner);
      yield i < entries.length - 1 ? ',\n' : '\n';
    }
    yield `${indent}}`;
    return;
  }
  // A string, a number, a boolean or null (JSON writes a non-finite number as null).
  yield JSON.stringify(json) ?? 'null';
}

/** The value JSON.stringify writes for `value`: its toJSON() where it has one (a Date). */
function toJsonValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON: () => unknown }).toJSON();
  return value;
}
