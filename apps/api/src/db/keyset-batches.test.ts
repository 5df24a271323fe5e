import { describe, expect, it } from 'vitest';
import { readKeysetBatches } from './keyset-batches.js';

/** A keyset read of the numbers 1..`count`: the `limit` after `after`, in order. */
function numbersUpTo(count: number) {
  const asked: { after: number | undefined; limit: number }[] = [];
  const read = async (after: number | undefined, limit: number) => {
    asked.push({ after, limit });
    const start = (after ?? 0) + 1;
    return Array.from({ length: Math.max(0, Math.min(limit, count - start + 1)) }, (_, i) => start + i);
  };
  return { asked, read };
}

async function collect<T>(batches: AsyncGenerator<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('readKeysetBatches (an export read a batch at a time)', () => {
  it('reads each batch after the last row of the one before and stops at a short one', async () => {
    const { asked, read } = numbersUpTo(7);
    const batches = await collect(readKeysetBatches({ size: 3 }, read, (last) => last));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(asked).toEqual([
      { after: undefined, limit: 3 },
      { after: 3, limit: 3 },
      { after: 6, limit: 3 },
    ]);
  });

  it('asks once more after a full last batch and yields no empty batch', async () => {
    const { asked, read } = numbersUpTo(6);
    const batches = await collect(readKeysetBatches({ size: 3 }, read, (last) => last));
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(asked).toHaveLength(3);
  });

  it('starts after the given key and reads no more than the cap in all', async () => {
    const { asked, read } = numbersUpTo(100);
    const batches = await collect(readKeysetBatches({ size: 4, max: 6, after: 10 }, read, (last) => last));
    expect(batches).toEqual([
      [11, 12, 13, 14],
      [15, 16],
    ]);
    expect(asked.map((ask) => ask.limit)).toEqual([4, 2]);
  });
});
