// The labels of a monitor's `tags` (spec 2.1: a string of comma-separated labels).

export function labelsOf(tags: unknown): string[] {
  if (typeof tags !== 'string') return [];
  const labels: string[] = [];
  for (const part of tags.split(',')) {
    const label = part.trim();
    if (label !== '') labels.push(label);
  }
  return labels;
}
