// What each family of diagnostic codes means, in a few words, and the docs page that
// explains it: a report's rule (SARIF's reportingDescriptor, Code Quality's check_name)
// links there, so that a finding shown in a pull request says where to read more.
import { isPolicyViolation, ruleOfCode } from '../../policy/codes.js';
import { docsUrl } from '../../version/repository.js';

export interface RuleInfo {
  /** One short sentence. */
  description: string;
  /** Absolute URL of the page (and section) that explains the code. */
  helpUri: string;
}

const CODES = 'yaml-format.md#codes';

// The families of docs/yaml-format.md's table of codes, by the part of the code before the first dot.
const FAMILIES: Readonly<Record<string, readonly [string, string]>> = {
  path: ['A path given cannot be used.', CODES],
  file: ['A file cannot be read as a monitors file.', CODES],
  yaml: ['YAML syntax or safety.', 'yaml-format.md#yaml-syntax-errors'],
  schema: ["A value the API's Monitor input does not accept.", 'yaml-format.md#fields-of-a-monitor'],
  rule: ['A rule of the server beyond the JSON Schema.', 'rules.md'],
  env: ['An ${env:NAME} reference.', 'yaml-format.md#envname-references'],
  secret: ['A secret written in the file.', 'secrets.md'],
  template: ['A ${var.NAME} or ${each.KEY} reference.', 'yaml-format.md#templates-vars-and-for_each'],
  ref: ['A ${...} reference that is malformed, or of an unknown kind or name.', 'yaml-format.md#references'],
  var: ['A var set for the run (--var, --var-file).', 'yaml-format.md#vars-for-one-run---var-and---var-file'],
  for_each: ['A for_each template.', 'yaml-format.md#templates-vars-and-for_each'],
  environments: ['The environments of settings.', 'yaml-format.md#environments'],
  name: ['Monitor names across files.', 'yaml-format.md#names'],
  settings: ['The settings of the set.', 'yaml-format.md#settings'],
  moved: ['A moved: entry.', 'yaml-format.md#moved'],
  removed: ['A removed: entry.', 'yaml-format.md#removed'],
  deleted: ['A deleted: entry (a reviewed delete).', 'policy.md#a-reviewed-delete'],
  lint: ['A likely mistake (a warning).', 'rules.md#warnings-the-loader-only'],
  policy: ['A policy rule of the set.', 'policy.md'],
  discover: [
    'A routed host and path of the Kubernetes manifests that no monitor covers.',
    'discover.md#coverage-in-ci',
  ],
};

/** A rule of the set's `policy:` as a report names it: its id, level and the description its YAML gives. */
export interface PolicyRuleInfo {
  id: string;
  level: string;
  description?: string | undefined;
}

/**
 * The description and help page of a code; an unknown family points at the table of codes.
 * A violation of a policy rule (`policy.<id>`) is described by the rule itself: its
 * `description:` as the set writes it, else its id and level.
 */
export function ruleInfo(code: string, policyRules: readonly PolicyRuleInfo[] = []): RuleInfo {
  if (isPolicyViolation(code)) {
    const rule = policyRules.find((r) => r.id === ruleOfCode(code));
    if (rule) return { description: policyDescription(rule), helpUri: docsUrl('policy.md') };
  }
  const family = code.split('.')[0] ?? code;
  const [description, page] = FAMILIES[family] ?? ['A problem in the monitors files.', CODES];
  return { description, helpUri: docsUrl(page) };
}

function policyDescription(rule: PolicyRuleInfo): string {
  const text = rule.description?.trim().replace(/\s+/g, ' ');
  if (!text) return `Policy rule ${rule.id} (${rule.level}).`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
