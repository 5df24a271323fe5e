import type { ClientRequest } from 'node:http';

/**
 * Writes `head`, then `size` bytes cut from `block` (repeated) as the socket takes them, waiting for
 * `drain` when it is full, then `tail`: a large upload sent without holding it in memory. `beforePiece`
 * runs before each piece with the bytes sent so far (e.g. to sample memory); `false` stops the sending
 * there, the request left to the caller (e.g. to cut the connection).
 */
export function writeStreamedBody(
  request: ClientRequest,
  parts: { head: Buffer; block: Buffer; size: number; tail: Buffer },
  beforePiece?: (sent: number) => unknown,
): void {
  const { head, block, size, tail } = parts;
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      if (beforePiece?.(sent) === false) return;
      const piece = block.subarray(0, Math.min(block.length, size - sent));
      sent += piece.length;
      if (!request.write(piece)) {
        request.once('drain', pump);
        return;
      }
    }
    request.end(tail);
  };
  request.write(head);
  pump();
}

/**
 * What goes around a streamed file sent as the `file` part of a multipart form: the form's `fields` and
 * the part's headers before it, the closing boundary after it.
 */
export function frameFilePart(
  boundary: string,
  fields: Record<string, string | number>,
): { head: Buffer; tail: Buffer } {
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return { head: Buffer.from(fieldParts.join('') + filePart), tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}
