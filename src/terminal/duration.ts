/**
 * A duration for a sentence, rounded as a person would say it: "about 40 s", "about 3 min",
 * "about 1 h 20 min", "about 2 days". An estimate is never more precise than its first two figures.
 */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return 'an unknown time';
  if (seconds < 1) return 'under a second';
  if (seconds < 60) return `${roundTo(seconds, seconds < 10 ? 1 : 5)} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${roundTo(minutes, 1)} min`;
  const hours = minutes / 60;
  if (hours < 24) {
    const whole = Math.floor(hours);
    const rest = Math.round(((hours - whole) * 60) / 10) * 10;
    return rest >= 60 ? `${whole + 1} h` : rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
  }
  const days = hours / 24;
  return days < 10 ? `${roundTo(days, 0.5)} days` : `${Math.round(days)} days`;
}

function roundTo(x: number, step: number): number {
  return Math.max(step, Math.round(x / step) * step);
}
