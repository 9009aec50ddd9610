/** Sizes as people read them: 527 kB. */
export function kilobytes(bytes: number): string {
  return `${Math.round(bytes / 1000)} kB`;
}
