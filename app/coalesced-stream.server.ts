import { Transform, type TransformCallback } from 'node:stream';

/**
 * Issue 11: React streams a page in chunks of a few hundred bytes to 2 KB, and each became its own
 * socket write (about fifty per page, a sixth of the server's CPU in the profile). This gathers
 * what React writes in one turn of the event loop into one chunk — flushed on the next turn, or at
 * once past `maxBytes` — so a page goes out in a write or two, and a deferred part streamed later
 * still leaves as soon as it is rendered.
 */
export class CoalescedStream extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private scheduled: NodeJS.Immediate | null = null;

  constructor(private readonly maxBytes = 64 * 1024) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.parts.push(buffer);
    this.size += buffer.length;
    if (this.size >= this.maxBytes) this.flushParts();
    else this.scheduled ??= setImmediate(() => this.flushParts());
    done();
  }

  /**
   * React ends its destination again when the destination closes (and when the abort timer fires);
   * a second `end()` on a finished stream builds an ERR_STREAM_ALREADY_FINISHED error, stack and
   * all, on every page (~1 % of the server's CPU). Once ended, ending again does nothing.
   */
  override end(...args: unknown[]): this {
    if (this.writableEnded || this.destroyed) return this;
    return super.end(...(args as Parameters<Transform['end']>));
  }

  override _flush(done: TransformCallback): void {
    this.flushParts();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.parts = [];
    done(error);
  }

  private flushParts(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (this.size === 0) return;
    const chunk = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.push(chunk);
  }
}
