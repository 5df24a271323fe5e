/**
 * Watches the raw bytes of a multipart body beside the parser. busboy stops quietly at a body cut
 * short between two parts and skips a part without a Content-Disposition; counting the boundary
 * delimiters here tells both apart from a complete form, so nothing is lost without an answer.
 */
export class MultipartBodyWatch {
  /** Bytes received so far. */
  received = 0;
  /** Whether the closing delimiter `--boundary--` has arrived. */
  closed = false;
  /** Delimiter lines seen, the closing one included: a complete form has one more than it has parts. */
  delimiters = 0;
  private readonly delimiter: string;
  private readonly closing: string;
  // A delimiter is CRLF "--" boundary (RFC 2046); the body's first one has an implied CRLF before it.
  private tail = '\r\n';

  constructor(boundary: string) {
    this.delimiter = `\r\n--${boundary}`;
    this.closing = `\r\n--${boundary}--`;
  }

  observe(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.closed) return;
    // latin1 keeps one character per byte, so positions in the window are byte positions.
    const window = this.tail + chunk.toString('latin1');
    let from = 0;
    for (;;) {
      const found = window.indexOf(this.delimiter, from);
      if (found < 0) break;
      // Only matches that end in the new bytes: those ending in the tail were counted last time.
      if (found + this.delimiter.length > this.tail.length) {
        this.delimiters += 1;
        if (window.startsWith(this.closing, found)) {
          this.closed = true;
          return;
        }
      }
      from = found + 1;
    }
    this.tail = window.slice(-(this.closing.length - 1));
  }
}
