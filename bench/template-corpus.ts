// Two corpora of the same monitors for the templates benchmark: written as templates
// (`for_each` over 4 regions x 5 checks, `${var.NAME}` from the file's vars) and written
// out flat, one entry per monitor with every reference replaced. `monitors validate`
// must find the same number of valid monitors in both.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULTS_HEADER as HEADER } from './corpus.js';

export const REGIONS = ['eu-west', 'us-east', 'ap-south', 'sa-east'] as const;
export const CHECKS = ['health', 'ready', 'live', 'deep', 'edge'] as const;
export const INSTANCES = REGIONS.length * CHECKS.length;

export interface TemplateCorpusOptions {
  templates: number;
  files: number;
}

export interface TemplateCorpus {
  monitors: number;
  templatedBytes: number;
  flatBytes: number;
  env: Record<string, string>;
}

/** One template's fields as written (with `${var.NAME}` and `${each.KEY}`), by kind. */
function templateFields(t: number, file: number): string {
  const area = ['checkout', 'search', 'catalog', 'payments', 'login'][t % 5];
  const host = '${each.region}.svc' + t + '.${var.domain}';
  const common = `    group: team-${file}\n    tags: "team-${file},\${each.region},\${each.check},owner-${['alice', 'bob', 'carol'][t % 3]}"\n    interval_seconds: \${var.interval}\n`;
  switch (t % 6) {
    case 0:
      return `    type: http\n    url: https://${host}/\${each.check}\n${common}    headers: |\n      Accept: application/json\n      X-Check-Source: monitors-\${each.region}\n`;
    case 1:
      return `    type: keyword\n    url: https://${host}/${area}/\${each.check}\n${common}    keyword: "Add to cart"\n    keyword_mode: present\n    keyword_case_sensitive: false\n`;
    case 2:
      return `    type: json\n    url: https://${host}/api/\${each.check}\n${common}    json_pointer: /status\n    json_operator: equals\n    json_expected: ok\n    auth_type: bearer\n    auth_secret: \${env:BENCH_TOKEN}\n`;
    case 3:
      return `    type: tcp\n    url: \${each.check}.${host}\n${common}    port: \${var.db_port}\n    timeout_seconds: 5\n`;
    case 4:
      return `    type: dns\n    url: \${each.check}.${host}\n${common}    dns_record_type: A\n    dns_expected: 203.0.114.10\n`;
    default:
      return `    type: http\n    url: https://${host}/\${each.check}\n${common}    method: HEAD\n    expected_status_max: 204\n    slow_threshold_ms: 1500\n`;
  }
}

function vars(file: number): Record<string, string | number> {
  return { domain: `team${file}.example.com`, interval: 600, db_port: 5432 };
}

function templatedFile(file: number, templates: number[]): string {
  const v = vars(file);
  let text = `${HEADER}vars:\n${Object.entries(v)
    .map(([k, value]) => `  ${k}: ${value}`)
    .join('\n')}\nmonitors:\n`;
  for (const t of templates) {
    text += `  - name: "svc-${file}-${t} \${each.region} \${each.check}"\n${templateFields(t, file)}    for_each:\n      region: [${REGIONS.join(', ')}]\n      check: [${CHECKS.join(', ')}]\n`;
  }
  return text;
}

/** The same monitors, one entry each, references replaced as the loader would. */
function flatFile(file: number, templates: number[]): string {
  const v = vars(file);
  let text = `${HEADER}monitors:\n`;
  for (const t of templates) {
    const fields = templateFields(t, file);
    for (const region of REGIONS) {
      for (const check of CHECKS) {
        const fill = (s: string) =>
          s
            .replaceAll('${each.region}', region)
            .replaceAll('${each.check}', check)
            .replace(/\$\{var\.(\w+)\}/g, (_m, name: string) => String(v[name]));
        text += `  - name: "svc-${file}-${t} ${region} ${check}"\n${fill(fields)}`;
      }
    }
  }
  return text;
}

export function generateTemplateCorpus(
  templatedDir: string,
  flatDir: string,
  options: TemplateCorpusOptions,
): TemplateCorpus {
  mkdirSync(templatedDir, { recursive: true });
  mkdirSync(flatDir, { recursive: true });
  let templatedBytes = 0;
  let flatBytes = 0;
  let next = 0;
  for (let f = 0; f < options.files; f += 1) {
    const count = Math.floor(options.templates / options.files) + (f < options.templates % options.files ? 1 : 0);
    const templates = Array.from({ length: count }, () => next++);
    const name = `team-${String(f).padStart(3, '0')}.yaml`;
    const templated = templatedFile(f, templates);
    const flat = flatFile(f, templates);
    writeFileSync(path.join(templatedDir, name), templated);
    writeFileSync(path.join(flatDir, name), flat);
    templatedBytes += Buffer.byteLength(templated);
    flatBytes += Buffer.byteLength(flat);
  }
  return {
    monitors: options.templates * INSTANCES,
    templatedBytes,
    flatBytes,
    env: { BENCH_TOKEN: 'bench-token-not-a-secret' },
  };
}
