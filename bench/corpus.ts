// Generates a valid corpus of monitors files for benchmarks: `monitors` monitors spread
// evenly over `files` files, every type represented, shared defaults per file, secrets
// as ${env:...} references. About 500 bytes of YAML per monitor.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CorpusOptions {
  monitors: number;
  files: number;
}

export interface Corpus {
  files: string[];
  bytes: number;
  /** Environment the corpus needs (its ${env:...} references). */
  env: Record<string, string>;
}

/** The start of every corpus file: the editor schema line and shared defaults. */
export const DEFAULTS_HEADER = `# yaml-language-server: $schema=../../schema/monitors-file.schema.json
defaults:
  method: GET
  interval_seconds: 300
  timeout_seconds: 10
  retry_count: 2
  confirmation_attempts: 2
  slow_threshold_ms: 3000
  expected_status_min: 200
  expected_status_max: 299
  follow_redirects: true
  max_redirects: 5
  auth_type: none
  execution_mode: multi_location
  locations: [eu-west, us-east, ap-south]
  consensus_threshold: 2
`;
const HEADER = `${DEFAULTS_HEADER}monitors:\n`;

function monitorYaml(n: number, file: number): string {
  const area = ['checkout', 'search', 'catalog', 'payments', 'login'][n % 5];
  const name = `  # ${area} service ${n} of team ${file}; owner team-${file}@example.com; runbook: https://runbooks.example.com/team-${file}/${area}/svc-${n}\n  - name: "svc-${file}-${n} ${area}"\n`;
  const host = `svc${n}.team${file}.example.com`;
  // Every other monitor spells out what it could inherit, as hand-written files often do.
  const explicit =
    n % 2 === 0
      ? `    interval_seconds: 600\n    slow_threshold_ms: 2500\n    retry_count: 2\n    confirmation_attempts: 2\n    timeout_seconds: 10\n    execution_mode: multi_location\n    locations:\n      - eu-west\n      - us-east\n      - ap-south\n    consensus_threshold: 2\n`
      : '';
  const common = `    group: team-${file}\n    tags: "team-${file},tier-${n % 3},generated,owner-${['alice', 'bob', 'carol'][n % 3]}"\n${explicit}`;
  switch (n % 8) {
    case 0:
      return `${name}    type: http\n    url: https://${host}/health\n${common}    headers: |\n      Accept: application/json\n      X-Check-Source: monitors\n`;
    case 1:
      return `${name}    type: keyword\n    url: https://${host}/\n${common}    keyword: "Add to cart"\n    keyword_mode: present\n    keyword_case_sensitive: false\n`;
    case 2:
      return `${name}    type: json\n    url: https://${host}/api/status\n${common}    json_pointer: /status\n    json_operator: equals\n    json_expected: ok\n    auth_type: bearer\n    auth_secret: \${env:BENCH_TOKEN}\n`;
    case 3:
      return `${name}    type: tcp\n    url: ${host}\n${common}    port: 5432\n    timeout_seconds: 5\n`;
    case 4:
      return `${name}    type: dns\n    url: ${host}\n${common}    dns_record_type: A\n    dns_expected: 203.0.114.10\n`;
    case 5:
      return `${name}    type: ssl\n    url: ${host}\n${common}    minimum_tls_days: 14\n    interval_seconds: 3600\n`;
    case 6:
      return `${name}    type: udp\n    url: ${host}\n${common}    port: 123\n    udp_payload: e3000000\n    udp_expected: ""\n`;
    default:
      return `${name}    type: http\n    url: https://${host}/ready\n${common}    method: HEAD\n    expected_status_min: 200\n    expected_status_max: 204\n    slow_threshold_ms: 1500\n`;
  }
}

export function generateCorpus(dir: string, options: CorpusOptions): Corpus {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  let bytes = 0;
  for (let f = 0; f < options.files; f += 1) {
    const count = Math.floor(options.monitors / options.files) + (f < options.monitors % options.files ? 1 : 0);
    let text = HEADER;
    for (let n = 0; n < count; n += 1) text += monitorYaml(n, f);
    const file = path.join(dir, `team-${String(f).padStart(3, '0')}.yaml`);
    writeFileSync(file, text);
    files.push(file);
    bytes += Buffer.byteLength(text);
  }
  return { files, bytes, env: { BENCH_TOKEN: 'bench-token-not-a-secret' } };
}
