/**
 * Watches the raw bytes of a multipart body beside the parser. busboy stops quietly at a body cut
 * short between two parts and skips a part without a Content-Disposition; counting the boundary
 * delimiters here tells both apart from a complete form, so nothing is lost without an answer.
 *
 * Every byte of an upload passes here, so the bytes are searched as they are (a native search), never
 * turned into text: a gigabyte is a fifth of a second of CPU, not half a second and a gigabyte of
 * strings for the garbage collector (docs/performance.md).
 */
export class MultipartBodyWatch {
  /** Bytes received so far. */
  received = 0;
  /** Whether the closing delimiter `--boundary--` has arrived. */
  closed = false;
  /** Delimiter lines seen, the closing one included: a complete form has one more than it has parts. */
  delimiters = 0;
  private readonly delimiter: Buffer;
  private readonly closing: Buffer;
  // The last bytes seen, fewer than a closing delimiter: a delimiter may arrive split between two chunks.
  // A delimiter is CRLF "--" boundary (RFC 2046); the body's first one has an implied CRLF before it.
  private tail = Buffer.from('\r\n');

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.closing = Buffer.from(`\r\n--${boundary}--`, 'latin1');
  }

  observe(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.closed) return;
    const kept = this.tail.length;
    // Matches that begin in the kept bytes: only this window can hold them.
    const joint = Buffer.concat([this.tail, chunk.subarray(0, this.closing.length - 1)]);
    for (let from = 0; !this.closed; ) {
      const found = joint.indexOf(this.delimiter, from);
      if (found < 0 || found >= kept) break;
      // One that ended in the kept bytes was counted last time; its closing `--` may be new.
      this.see(joint, found, kept);
      from = found + 1;
    }
    for (let from = 0; !this.closed; ) {
      const found = chunk.indexOf(this.delimiter, from);
      if (found < 0) break;
      this.see(chunk, found, 0);
      from = found + 1;
    }
    const window = kept + chunk.length;
    const keep = Math.min(this.closing.length - 1, window);
    this.tail =
      chunk.length >= keep
        ? Buffer.from(chunk.subarray(chunk.length - keep))
        : Buffer.concat([this.tail.subarray(kept - (keep - chunk.length)), chunk]);
  }

  /** A delimiter at `found` of `bytes`, whose first `old` bytes were seen before. */
  private see(bytes: Buffer, found: number, old: number): void {
    if (found + this.delimiter.length > old) this.delimiters += 1;
    const end = found + this.closing.length;
    if (end > old && end <= bytes.length && bytes.subarray(found, end).equals(this.closing)) this.closed = true;
  }
}
