/** Ids are sent in chunks: a list may hold more ids than a statement takes parameters (SQLite, PostgreSQL). */
const CHUNK = 500;

export function chunkIds<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) chunks.push(items.slice(start, start + CHUNK));
  return chunks;
}
