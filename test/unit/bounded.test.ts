// mapBounded: the bound on requests in flight that `wts inbox` and `wts approval review` rely on.
import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../src/inbox/bounded.js';

/** A call that resolves when the test says so, to control what is in flight. */
function controlled() {
  const waiting: { index: number; resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  const work = (_item: number, index: number) =>
    new Promise<number>((resolve, reject) => {
      inFlight++;
      most = Math.max(most, inFlight);
      const done = <T>(f: (v: T) => void) => (v: T) => {
        inFlight--;
        f(v);
      };
      waiting.push({ index, resolve: done(resolve), reject: done(reject) });
    });
  return { work, waiting, most: () => most };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('mapBounded', () => {
  it('keeps at most `limit` calls in flight and returns results in the order of the items', async () => {
    const c = controlled();
    const items = Array.from({ length: 20 }, (_, i) => i);
    const result = mapBounded(items, 8, c.work);
    await tick();
    expect(c.waiting).toHaveLength(8);
    // Finish them out of order, one at a time.
    while (c.waiting.length > 0) {
      const call = c.waiting.splice(c.waiting.length - 1, 1)[0]!;
      call.resolve(call.index * 10);
      await tick();
    }
    expect(await result).toEqual(items.map((i) => i * 10));
    expect(c.most()).toBe(8);
  });

  it('starts nothing new after a failure, and throws it once the calls in flight have settled', async () => {
    const c = controlled();
    const result = mapBounded(Array.from({ length: 50 }, (_, i) => i), 4, c.work);
    const outcome = result.then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    await tick();
    c.waiting.shift()!.reject(new Error('sign-in needed'));
    await tick();
    expect(c.waiting).toHaveLength(3); // no fifth call was started
    for (const call of c.waiting.splice(0)) call.resolve(0);
    expect(await outcome).toBe('sign-in needed');
  });

  it('handles no items and a bound larger than the list', async () => {
    expect(await mapBounded([], 8, async () => 1)).toEqual([]);
    expect(await mapBounded([1, 2], 8, async (n) => n + 1)).toEqual([2, 3]);
  });
});
