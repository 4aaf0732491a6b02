// At most `limit` calls in flight, results in the order of `items`. Written here rather than taken from
// p-limit: it is a dozen lines, and it stops starting new work after the first failure (an expired
// sign-in or a revoked connection must not be followed by every remaining request), which p-limit
// leaves to the caller.

/** Maps `items` through `work` with at most `limit` at once; throws the first failure once the calls in flight have settled. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure !== undefined) throw failure.error;
  return results;
}
