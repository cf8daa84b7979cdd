// Validate's findings read back from its SARIF (src/render/sarif/render-sarif.ts writes it),
// in the shape both Bitbucket hosts' Code Insights take: a file, a line, a message, a
// severity. Pure; a SARIF that cannot be read gives no findings, never an exception.

export interface SarifFinding {
  /** From the repository root, decoded (SARIF holds a percent-encoded relative URI). */
  path: string;
  /** 0 when the finding is about the file (or folder) as a whole. */
  line: number;
  ruleId: string;
  level: 'error' | 'warning' | 'note';
  message: string;
  /** Stable across pushes (SARIF's partial fingerprint), else the index. */
  fingerprint: string;
}

interface SarifResult {
  ruleId?: unknown;
  level?: unknown;
  message?: { text?: unknown };
  locations?: { physicalLocation?: { artifactLocation?: { uri?: unknown }; region?: { startLine?: unknown } } }[];
  partialFingerprints?: Record<string, unknown>;
}

export function sarifFindings(sarif: string): SarifFinding[] {
  let log: { runs?: { results?: SarifResult[] }[] };
  try {
    log = JSON.parse(sarif) as typeof log;
  } catch {
    return [];
  }
  const results = (Array.isArray(log?.runs) ? log.runs : []).flatMap((run) =>
    Array.isArray(run?.results) ? run.results : [],
  );
  return results.map((result, index) => {
    const location = result.locations?.[0]?.physicalLocation;
    const uri = typeof location?.artifactLocation?.uri === 'string' ? location.artifactLocation.uri : '';
    const line = typeof location?.region?.startLine === 'number' ? location.region.startLine : 0;
    const print = Object.values(result.partialFingerprints ?? {}).find((v) => typeof v === 'string');
    return {
      path: decodePath(uri),
      line: Number.isInteger(line) && line > 0 ? line : 0,
      ruleId: typeof result.ruleId === 'string' ? result.ruleId : 'monitors',
      level: result.level === 'error' || result.level === 'note' ? result.level : 'warning',
      message: typeof result.message?.text === 'string' ? result.message.text : '',
      fingerprint: typeof print === 'string' ? print : String(index),
    };
  });
}

function decodePath(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/** "2 errors, 1 warning" (or "no findings"). */
export function findingsSummary(findings: readonly SarifFinding[]): string {
  const errors = findings.filter((f) => f.level === 'error').length;
  const warnings = findings.length - errors;
  if (findings.length === 0) return 'no findings';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** At most `max` characters, cut with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
