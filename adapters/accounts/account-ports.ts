import type { EmailVerificationTokens, AccountLinks } from '../../domain/accounts/sign-in/email-verification-tokens';
import type { CommonPasswords } from '../../domain/accounts/sign-in/common-passwords';
import type { PasswordHasher } from '../../domain/accounts/sign-in/password-hasher';
import type { PasswordResetTokens } from '../../domain/accounts/sign-in/password-reset-tokens';
import type { PhotoProcessor } from '../../domain/accounts/media/photo-processor';
import type { RateLimitClearer } from '../../domain/rate-limit/rate-limit-clearer';
import type { RateLimitReader } from '../../domain/rate-limit/rate-limit-reader';
import type { RateLimitStore } from '../../domain/rate-limit/rate-limit-store';
import type { FileStorage } from '../../domain/shared/file-storage';
import type { Mailer } from '../../domain/shared/mailer';
import { createAccountLinks, createEmailVerificationTokens } from '../auth/email-verification-tokens';
import { createPasswordResetTokens } from '../auth/password-reset-tokens';
import { createCommonPasswords } from '../auth/common-passwords';
import { createScryptPasswordHasher, scryptParams } from '../auth/scrypt-password-hasher';
import type { Env } from '../config/env';
import type { Logger } from '../logging/logger';
import { createMailer } from '../mail/index';
import type { Orm } from '../persistence/orm';
import { createSharpPhotoProcessor } from '../photos/sharp-photo-processor';
import { createPgRateLimitStore } from '../rate-limit/pg-rate-limit-store';
import { createLocalFileStorage } from '../storage/local-file-storage';

/** The ports of accounts (and of every context that mails, stores files or rate-limits). */
export interface AccountPorts {
  hasher: PasswordHasher;
  /** The most common passwords, refused for new passwords. */
  commonPasswords: CommonPasswords;
  mailer: Mailer;
  tokens: EmailVerificationTokens;
  links: AccountLinks;
  /** The signed, one-hour token in a password-reset link. */
  resetTokens: PasswordResetTokens;
  storage: FileStorage;
  photos: PhotoProcessor;
  rateLimits: RateLimitStore & RateLimitReader & RateLimitClearer;
}

/** The public origin: APP_URL, or this machine on PORT. */
export function publicOrigin(env: Env): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function createAccountPorts(options: { env: Env; logger: Logger; orm: Orm; sessionSecret: string }): AccountPorts {
  const { env, logger, orm } = options;
  return {
    hasher: createScryptPasswordHasher(scryptParams(env.FACT_TEST_SCRYPT_LOG2_N)),
    commonPasswords: createCommonPasswords(),
    mailer: createMailer(env, logger),
    tokens: createEmailVerificationTokens(options.sessionSecret),
    links: createAccountLinks(publicOrigin(env)),
    resetTokens: createPasswordResetTokens(options.sessionSecret),
    storage: createLocalFileStorage(env.DATA_DIR),
    photos: createSharpPhotoProcessor(),
    rateLimits: createPgRateLimitStore(orm),
  };
}
