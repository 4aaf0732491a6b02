// "Did you mean …?" for a word that names one of a known set: the closest by edit distance, when close.
import leven from 'leven';

/** The known word closest to `typed` (case-insensitive), when it is a near miss: at most a third of its letters wrong. */
export function closest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = leven(word, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : undefined;
}
