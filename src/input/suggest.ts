// "Did you mean …?" for a word that names one of a known set: the closest by edit distance, when close.
import leven from 'leven';

/** `a` is `b` with two neighbouring letters swapped (`taks`, `task`): one slip of the fingers, not two. */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const differ = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
  const [i, j] = differ;
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** Whether `typed` is a near miss of `name` (case-insensitive): at most a third of its letters wrong, a swap counting as one. */
export function isNearMiss(typed: string, name: string): boolean {
  const [word, known] = [typed.toLowerCase(), name.toLowerCase()];
  return leven(word, known) <= Math.max(1, Math.floor(known.length / 3)) || swapped(word, known);
}

/** The known word closest to `typed` (case-insensitive), when it is a near miss (isNearMiss). */
export function closest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = swapped(word, name.toLowerCase()) ? 1 : leven(word, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && isNearMiss(typed, best.name) ? best.name : undefined;
}
