/** Why an HTTP status fails expected_status_min..max (both included), or undefined when it passes. */
export function statusProblem(status: number, min: number, max: number): string | undefined {
  if (status >= min && status <= max) return undefined;
  return `status ${status}, expected ${min === max ? min : `${min}-${max}`}`;
}
