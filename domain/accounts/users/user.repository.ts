import type { Id } from '../../shared/ids';
import type { Result } from '../../shared/result';
import type { User } from './user';

/**
 * Port: users. Rows are re-validated with `parseUser` when loaded. `save` inserts or updates;
 * it fails with conflict 'EMAIL_TAKEN' ('An account with this email already exists. Please try
 * logging in instead.') when another account holds the email (unique, lower-cased), and with
 * conflict 'CONCURRENT_UPDATE' when the row changed since it was loaded (optimistic version).
 * Listing and searching coaches is a read model of the search feature, not this port.
 */
export interface UserRepository {
  findById(id: Id): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  findByGoogleId(googleId: string): Promise<User | null>;
  findManyByIds(ids: readonly Id[]): Promise<User[]>;
  save(user: User): Promise<Result<void>>;
}
