import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from './orm';

/** An EntityManager, or how to make one when first needed. */
export type EntityManagerSource = EntityManager | (() => EntityManager);

/**
 * A fork made on first use: a unit of work's read fork (every read port of one request shares
 * it, decision 041). Many requests read nothing through it, and each fork costs MikroORM two
 * configuration writes (one into process.env) and a new identity map.
 */
export function lazyFork(orm: Orm): () => EntityManager {
  let em: EntityManager | undefined;
  return () => (em ??= orm.em.fork() as EntityManager);
}

export function entityManagerOf(source: EntityManagerSource): () => EntityManager {
  return typeof source === 'function' ? source : () => source;
}
