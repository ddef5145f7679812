import type { EntityManager } from '@mikro-orm/postgresql';
import type { Repositories } from '../../domain/repositories';

/**
 * Binds every repository adapter to one EntityManager (one transaction, or one request's reads).
 * Each context adds its adapter here, one line each.
 */
export function makeRepositories(em: EntityManager): Repositories {
  void em;
  return {};
}
