import type { ClientRequest } from 'node:http';

/**
 * Writes `head`, then `size` bytes cut from `block` (repeated) as the socket takes them, waiting for
 * `drain` when it is full, then `tail`: a large upload sent without holding it in memory. `beforePiece`
 * runs before each piece (e.g. to sample memory).
 */
export function writeStreamedBody(
  request: ClientRequest,
  parts: { head: Buffer; block: Buffer; size: number; tail: Buffer },
  beforePiece?: () => void,
): void {
  const { head, block, size, tail } = parts;
  let sent = 0;
  const pump = () => {
    while (sent < size) {
      beforePiece?.();
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
