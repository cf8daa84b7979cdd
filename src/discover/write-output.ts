// `discover k8s --out FILE`: the YAML written atomically (src/lock/atomic-write.ts), so a
// reader or a run killed half-way sees the old file or the new one, never a part; and
// written only when it changed, so that a re-run on the same manifests leaves the file,
// its bytes and its time, as they were. An --out naming one of the manifests is refused.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { MonitorsError } from '../errors.js';
import { writeFileAtomic } from '../lock/atomic-write.js';

export async function writeMonitorsFile(
  out: string,
  text: string,
  cwd: string,
  manifests: readonly string[],
): Promise<'written' | 'unchanged'> {
  const target = resolve(cwd, out);
  if (manifests.some((m) => m !== '-' && resolve(cwd, m) === target))
    throw new MonitorsError('BAD_OPTION', `--out ${out} is one of the manifests read; nothing was written`, {
      hint: 'Write the monitors to a file of the monitors repository, e.g. --out monitors/k8s.yaml.',
    });
  const before = await readFile(target, 'utf8').catch(() => undefined);
  if (before === text) return 'unchanged';
  await writeFileAtomic(target, text);
  return 'written';
}
