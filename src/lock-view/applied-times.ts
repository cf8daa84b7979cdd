// When each record was last applied, read from git: the commit that last changed the
// record's fingerprint line (the fingerprint changes exactly when an apply writes a new
// input). The lock holds no clock of its own, so that an apply that changes nothing leaves
// it byte for byte as it was; git already knows when each line last changed. Pure: the
// caller runs `git blame --porcelain` and hands its output in.

const UNCOMMITTED = /^0{40}$/;

/** Line number (1-based) -> commit time (ISO 8601), or null for a line not committed yet. */
export function parseBlame(porcelain: string): Map<number, string | null> {
  const times = new Map<string, number>();
  const lines = new Map<number, string | null>();
  let current: { sha: string; line: number } | undefined;
  for (const text of porcelain.split('\n')) {
    const header = /^([0-9a-f]{40}) \d+ (\d+)/.exec(text);
    if (header) {
      current = { sha: header[1]!, line: Number(header[2]) };
      continue;
    }
    if (!current) continue;
    const time = /^committer-time (\d+)$/.exec(text);
    if (time) times.set(current.sha, Number(time[1]));
    if (text.startsWith('\t')) {
      const seconds = times.get(current.sha);
      lines.set(
        current.line,
        UNCOMMITTED.test(current.sha) || seconds === undefined
          ? null
          : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'),
      );
      current = undefined;
    }
  }
  return lines;
}

/**
 * Record id -> when its fingerprint line last changed. The lock's layout is fixed
 * (src/lock/lock-file.ts): inside a record, `"fingerprint"` comes right before `"id"`, both
 * at six spaces.
 */
export function appliedTimes(
  lockText: string,
  lineTimes: ReadonlyMap<number, string | null>,
): Map<string, string | null> {
  const out = new Map<string, string | null>();
  let fingerprintLine: number | undefined;
  lockText.split('\n').forEach((text, index) => {
    if (text.startsWith('      "fingerprint": ')) fingerprintLine = index + 1;
    const id = /^ {6}"id": (".*"),?$/.exec(text);
    if (id && fingerprintLine !== undefined) {
      const time = lineTimes.get(fingerprintLine);
      if (time !== undefined) out.set(JSON.parse(id[1]!) as string, time);
      fingerprintLine = undefined;
    }
  });
  return out;
}
