/**
 * Port: ends a counter's window at once. A password reset proves the person holds the mailbox;
 * the failed sign-ins that may have sent them there should not keep them out for 15 more minutes.
 */
export interface RateLimitClearer {
  clear(key: string): Promise<void>;
}
