import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Counts the SQL statements the application sends to PostgreSQL while a block runs, so a test
 * can hold a loader to a query budget:
 *
 *   const { result, count, queries } = await countQueries(() => loader({ request, context, params }));
 *   expect(count, queries.join('\n')).toBeLessThanOrEqual(4);
 *
 * It hooks `pg.Client.prototype.query`, under MikroORM, Kysely and any raw pg pool alike, and
 * attributes each statement to the block whose async context issued it (AsyncLocalStorage), so
 * blocks in other tests running at the same time do not add to the count. `count` leaves out
 * transaction and session control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE, SET), listed in
 * `transactionStatements`.
 * Statements the test itself sends inside the block (db.query) count too: keep them outside.
 */
export interface QueryCount<T> {
  readonly result: T;
  /** Data statements (SELECT, INSERT, UPDATE, DELETE, …). */
  readonly count: number;
  readonly queries: readonly string[];
  readonly transactionStatements: readonly string[];
}

interface Recorder {
  statements: string[];
}

const TRANSACTION_CONTROL = /^\s*(begin|start\s+transaction|commit|end|rollback|savepoint|release|set|reset|discard)\b/i;
const storage = new AsyncLocalStorage<Recorder>();
let installed = false;

function textOf(args: unknown[]): string | undefined {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string') return (first as { text: string }).text;
  return undefined;
}

function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function patchedQuery(this: unknown, ...args: unknown[]) {
    const recorder = storage.getStore();
    const text = recorder ? textOf(args) : undefined;
    if (recorder && text !== undefined) recorder.statements.push(text.replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  };
}

export async function countQueries<T>(block: () => Promise<T> | T): Promise<QueryCount<T>> {
  install();
  const recorder: Recorder = { statements: [] };
  const result = await storage.run(recorder, block);
  const queries = recorder.statements.filter((s) => !TRANSACTION_CONTROL.test(s));
  const transactionStatements = recorder.statements.filter((s) => TRANSACTION_CONTROL.test(s));
  return { result, count: queries.length, queries, transactionStatements };
}
