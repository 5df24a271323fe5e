import { describe, expect, it } from 'vitest';
import { createHashSlots } from './hash-slots.js';

describe('hash slots', () => {
  it('runs at most that many tasks at once, the rest in the order they came, each answering its own', async () => {
    const inSlot = createHashSlots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return n * 10;
    };
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => inSlot(task(n))));
    expect(answers).toEqual([10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a task that failed', async () => {
    const inSlot = createHashSlots(1);
    await expect(inSlot(() => Promise.reject(new Error('broken hash')))).rejects.toThrow('broken hash');
    expect(await inSlot(async () => 'next')).toBe('next');
  });
});
