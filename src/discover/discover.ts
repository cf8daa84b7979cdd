// `monitors discover k8s`, the pure part: manifest texts in, monitors and skips out. Each
// text is parsed (parse-manifests.ts) and read into resources (resources.ts); the monitors
// are derived from all of them at once (derive.ts), since an HTTPRoute's scheme depends on
// a Gateway that may be in another file. A file that does not parse still lets the others
// be read, so that one run lists every problem.
import { compareText } from '../model/compare-text.js';
import { bySkip, deriveMonitors, type DeriveOptions } from './derive.js';
import { parseManifests } from './parse-manifests.js';
import { readResources } from './resources.js';
import type { Discovery, InputProblem, Resource, Skip } from './types.js';

export interface ManifestText {
  /** As messages show it: the path as given, or `-` for standard input. */
  file: string;
  text: string;
}

export async function discover(inputs: readonly ManifestText[], options: DeriveOptions = {}): Promise<Discovery> {
  const resources: Resource[] = [];
  const skipped: Skip[] = [];
  const problems: InputProblem[] = [];
  let objects = 0;
  for (const input of inputs) {
    const parsed = await parseManifests(input.text, input.file);
    if ('problems' in parsed) {
      problems.push(...parsed.problems);
      continue;
    }
    const read = readResources(input.file, parsed);
    objects += read.objects;
    resources.push(...read.resources);
    skipped.push(...read.skipped);
    problems.push(...read.problems);
  }
  const derived = deriveMonitors(resources, options);
  return {
    ...derived,
    skipped: [...skipped, ...derived.skipped].sort(bySkip),
    problems: [...problems, ...derived.problems].sort(
      (a, b) => compareText(a.at.file, b.at.file) || a.at.line - b.at.line || a.at.col - b.at.col,
    ),
    resources: objects,
  };
}
