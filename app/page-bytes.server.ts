/**
 * A rendered page as UTF-8 bytes (issue 20 §2). `Buffer.from(html)` measures the string's UTF-8
 * length in one pass and encodes it in a second, each over React's rope of small pieces, and a
 * single character beyond Latin-1 (the em dash of a page title) makes the whole flattened page
 * two bytes per character. `TextEncoder.encodeInto` encodes in one pass into a buffer kept for
 * that, and the bytes are then copied out: 250–310 µs against Buffer.from's 315–375 µs for a
 * 44 KB list page, timed in the server per request (docs/benchmarks.md, ninth pass; most of either is
 * flattening the rope). Same bytes: a lone surrogate becomes U+FFFD either way.
 */
const encoder = new TextEncoder();
/** UTF-8 needs at most 3 bytes per UTF-16 code unit, so a page of up to 85 000 code units fits. */
const scratch = Buffer.allocUnsafeSlow(256 * 1024);

export function pageBytes(html: string): Buffer<ArrayBuffer> {
  if (html.length * 3 > scratch.length) return Buffer.from(html);
  const { written } = encoder.encodeInto(html, scratch);
  const bytes = Buffer.allocUnsafe(written);
  scratch.copy(bytes, 0, 0, written);
  return bytes;
}
