// Durations as people write them in CI configuration: 90s, 15m, 2h, 1d, 1w, and sums such as 1h30m.

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(?:\d+[smhdw])+$/;
const isUnit = (unit: string | undefined): unit is keyof typeof UNIT_MS => unit !== undefined && Object.hasOwn(UNIT_MS, unit);

/** Milliseconds for "15m", "2h", "1d", "1h30m"; undefined when the text is not such a duration (or is zero). */
export function parseDuration(text: string): number | undefined {
  const compact = text.trim().toLowerCase();
  if (!DURATION.test(compact)) return undefined;
  let ms = 0;
  for (const [, amount, unit] of compact.matchAll(/(\d+)([smhdw])/g)) if (isUnit(unit)) ms += Number(amount) * UNIT_MS[unit];
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** "1d 2h", "16m", "45s": the two largest units, for messages. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(ms / 1000)) * 1000;
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit];
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.slice(0, 2).join(' ') || '0s';
}
