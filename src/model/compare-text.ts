/** Strings in code-unit order: the same on every machine and locale (lock files, plans, exports). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
