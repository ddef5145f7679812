/** Port: a memory-hard password hash (scrypt or argon2, PRODUCT.md). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
