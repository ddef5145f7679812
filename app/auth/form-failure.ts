/** What an accounts form shows after a refusal: one message (alert) and the field errors. */
export interface FormFailure {
  readonly ok: false;
  readonly intent: string;
  readonly code: string;
  readonly message: string;
  readonly fieldErrors: Record<string, readonly string[]>;
  /** What the refused form held, for its fields to show again when it was posted as a page. */
  readonly values?: Readonly<Record<string, unknown>>;
}
