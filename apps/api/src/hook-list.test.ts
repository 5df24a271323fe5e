import { describe, expect, it } from 'vitest';
import { declareHook, declareProvided } from './hook-list.js';

describe('hook lists', () => {
  it('runs listeners in the order they were added, each once however often it was added', async () => {
    const hook = declareHook<string[], number>('onTried');
    const first = async (seen: string[], event: number) => {
      seen.push(`first ${event}`);
    };
    const second = async (seen: string[], event: number) => {
      seen.push(`second ${event}`);
    };
    hook.listen(first);
    hook.listen(second);
    hook.listen(first);
    const seen: string[] = [];
    await hook.fire(seen, 7);
    expect(seen).toEqual(['first 7', 'second 7']);
  });

  it('stops at a listener that fails, so the transaction it runs in rolls back', async () => {
    const hook = declareHook<string[], void>('onFailing');
    hook.listen(async () => {
      throw new Error('refused');
    });
    hook.listen(async (seen) => {
      seen.push('after');
    });
    const seen: string[] = [];
    await expect(hook.fire(seen)).rejects.toThrow('refused');
    expect(seen).toEqual([]);
  });

  it('calls what was provided, and names the slot when nothing was', () => {
    const slot = declareProvided<(value: number) => number>('doubleIt');
    expect(() => slot.call(2)).toThrow('doubleIt has no implementation');
    slot.provide((value) => value * 2);
    expect(slot.call(2)).toBe(4);
  });
});
