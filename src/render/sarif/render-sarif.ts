// `validate --format sarif`: the findings as a SARIF 2.1.0 log, the format of GitHub's code
// scanning (OASIS SARIF 2.1.0). One run of the tool `monitors`; one rule per code, each with
// a short description and a help URI into docs/; results located by their path from the
// repository root (uriBaseId SRCROOT), with a partial fingerprint so that the same finding
// is the same result across pushes. Described in docs/reports.md.
import { fingerprints } from '../findings/fingerprint.js';
import { ruleInfo, type PolicyRuleInfo } from '../findings/rules.js';
import type { Finding } from '../findings/types.js';

export const SARIF_SCHEMA =
  'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
/** The key of our partial fingerprint; versioned, so that a change of the recipe is a new key. */
export const FINGERPRINT_KEY = 'monitorsFinding/v1';

export interface ToolInfo {
  /** The tool's version (package.json). */
  version: string;
  /** The project's home page. */
  informationUri: string;
}

const LEVEL: Readonly<Record<Finding['severity'], 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/** `policyRules`: the set's rules, so that a violation's rule is described by its own `description:`. */
export function renderSarif(
  findings: readonly Finding[],
  context: ToolInfo,
  policyRules: readonly PolicyRuleInfo[] = [],
): string {
  const codes = [...new Set(findings.map((f) => f.code))].sort();
  const ruleIndex = new Map(codes.map((code, i) => [code, i]));
  const prints = fingerprints(findings);
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'monitors',
            version: context.version,
            informationUri: context.informationUri,
            rules: codes.map((code) => rule(code, findings, policyRules)),
          },
        },
        // Paths are relative to the repository root; where that is on disk is the reader's to know.
        originalUriBaseIds: { SRCROOT: { description: { text: 'The root of the repository.' } } },
        // The loader counts columns in UTF-16 code units (JavaScript strings), from 1.
        columnKind: 'utf16CodeUnits',
        results: findings.map((f, i) => ({
          ruleId: f.code,
          ruleIndex: ruleIndex.get(f.code)!,
          level: LEVEL[f.severity],
          message: { text: f.message },
          locations: [{ physicalLocation: physicalLocation(f) }],
          partialFingerprints: { [FINGERPRINT_KEY]: prints[i]! },
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function rule(code: string, findings: readonly Finding[], policyRules: readonly PolicyRuleInfo[]) {
  const info = ruleInfo(code, policyRules);
  // The most severe level the code was reported at in this run (a rule has one default).
  const levels = new Set(findings.filter((f) => f.code === code).map((f) => LEVEL[f.severity]));
  const level = levels.has('error') ? 'error' : levels.has('warning') ? 'warning' : 'note';
  return {
    id: code,
    name: friendlyName(code),
    shortDescription: { text: info.description },
    fullDescription: { text: `${info.description} Reported as ${code}; see ${info.helpUri}.` },
    helpUri: info.helpUri,
    help: { text: `See ${info.helpUri}` },
    defaultConfiguration: { level },
  };
}

/** SARIF's friendly name, one Pascal-case word: `schema.additionalProperties` -> `SchemaAdditionalProperties`. */
function friendlyName(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function physicalLocation(f: Finding) {
  const artifactLocation = { uri: encodePath(f.path), uriBaseId: 'SRCROOT' };
  // A problem with a path as a whole (a missing folder) has no line.
  if (f.line <= 0) return { artifactLocation };
  return { artifactLocation, region: { startLine: f.line, startColumn: Math.max(1, f.col) } };
}

/** A relative URI reference: each segment percent-encoded (spaces, #, ? and non-ASCII), the slashes kept. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
