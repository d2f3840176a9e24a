import { describe, expect, it } from 'vitest';
import { Batcher } from '../src/lib/batcher';

describe('Batcher', () => {
  it('flushes a lone item at once and groups items that arrive during a flush', async () => {
    const flushes: number[][] = [];
    const b = new Batcher<number, number>(async (items) => {
      flushes.push(items);
      await new Promise((r) => setTimeout(r, 20));
      return items.map((i) => i * 10);
    });
    const first = b.add(1);
    const rest = [2, 3, 4].map((i) => b.add(i));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects every item of a failed flush, and goes on with the next batch', async () => {
    let calls = 0;
    const b = new Batcher<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('db down');
      return items;
    });
    await expect(b.add(1)).rejects.toThrow('db down');
    expect(await b.add(2)).toBe(2);
  });

  it('with several flushes in flight, starts one per free slot and never more at once', async () => {
    const flushes: number[][] = [];
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        flushes.push(items);
        most = Math.max(most, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        return items.map((i) => -i);
      },
      500,
      2,
    );
    const results = [1, 2, 3, 4, 5].map((i) => b.add(i));
    // 1 and 2 went out at once, each alone; 3, 4, 5 wait for a slot.
    expect(flushes).toEqual([[1], [2]]);
    gates.shift()!();
    await results[0];
    expect(flushes).toEqual([[1], [2], [3, 4, 5]]);
    while (gates.length) gates.shift()!();
    expect(await Promise.all(results)).toEqual([-1, -2, -3, -4, -5]);
    expect(most).toBe(2);
    // Idle again: a lone item goes out at once.
    const six = b.add(6);
    expect(flushes.at(-1)).toEqual([6]);
    gates.shift()!();
    expect(await six).toBe(-6);
  });

  it('items added together go out together, and wait like the rest while every slot is busy', async () => {
    const flushes: number[][] = [];
    const gates: (() => void)[] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        flushes.push(items);
        await new Promise<void>((r) => gates.push(r));
        return items.map((i) => i + 100);
      },
      500,
      2,
    );
    const first = b.addAll([1, 2, 3]);
    expect(flushes).toEqual([[1, 2, 3]]);
    const second = b.addAll([4, 5]);
    expect(flushes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    // Both slots busy: these wait, and go out as one batch when a slot frees.
    const third = [...b.addAll([6]), b.add(7), ...b.addAll([])];
    expect(flushes).toHaveLength(2);
    gates.shift()!();
    expect(await Promise.all(first)).toEqual([101, 102, 103]);
    expect(flushes.at(-1)).toEqual([6, 7]);
    while (gates.length) gates.shift()!();
    expect(await Promise.all(second)).toEqual([104, 105]);
    expect(await Promise.all(third)).toEqual([106, 107]);
    expect(b.addAll([])).toEqual([]);
  });
});
