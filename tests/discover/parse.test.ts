// Reading manifests (src/discover/parse-manifests.ts, resources.ts): the fast path's line of
// every mapping and sequence is the one `yaml` (the exact parser) gives, over every real
// manifest; bad input is located with what to do; kinds that route nothing pass quietly.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { discover } from '../../src/discover/discover.js';
import { parseManifests, type ParsedManifests } from '../../src/discover/parse-manifests.js';
import { sharedPath } from '../helpers/shared-dir.js';

const MANIFESTS = sharedPath('k8s-manifests');
const realFiles = ['real', 'list', 'gateway-http'].flatMap((folder) =>
  readdirSync(join(MANIFESTS, folder))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(MANIFESTS, folder, f)),
);

/** `path -> line:col` of every mapping and sequence, as `yaml` places them. */
function exactPlaces(text: string): Map<string, string> {
  const counter = new LineCounter();
  const places = new Map<string, string>();
  const walk = (node: unknown, path: string) => {
    if (!(isMap(node) || isSeq(node))) return;
    const { line, col } = counter.linePos((node as Node).range![0]);
    places.set(path, `${line}:${col}`);
    (node.items as unknown[]).forEach((item, i) => {
      if (isPair(item)) walk(item.value, `${path}/${isScalar(item.key) ? String(item.key.value) : '?'}`);
      else walk(item, `${path}/${i}`);
    });
  };
  const docs = parseAllDocuments(text, { lineCounter: counter });
  if (!Array.isArray(docs)) throw new Error('no documents');
  docs.forEach((doc, i) => walk(doc.contents, `${i}`));
  return places;
}

/** The same from the fast path's positions. */
function fastPlaces(parsed: ParsedManifests): Map<string, string> {
  const places = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== 'object') return;
    const at = parsed.positions.of(value);
    places.set(path, at ? `${at.line}:${at.col}` : '?');
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}/${i}`));
    else for (const [key, item] of Object.entries(value)) walk(item, `${path}/${key}`);
  };
  parsed.documents.forEach((doc, i) => walk(doc, `${i}`));
  return places;
}

describe('positions', () => {
  it.each(realFiles.map((f) => [f.slice(MANIFESTS.length + 1), f]))(
    '%s: every mapping and sequence where yaml places it',
    async (_, file) => {
      const text = readFileSync(file, 'utf8');
      const parsed = await parseManifests(text, 'm.yaml');
      if ('problems' in parsed) throw new Error(JSON.stringify(parsed.problems));
      const fast = fastPlaces(parsed);
      const exact = exactPlaces(text);
      expect(fast.size).toBeGreaterThan(0);
      expect(Object.fromEntries(fast)).toEqual(Object.fromEntries([...exact].filter(([path]) => fast.has(path))));
    },
  );
});

describe('bad input', () => {
  const problemsOf = async (text: string) =>
    (await discover([{ file: 'bad.yaml', text }])).problems.map((p) => [
      `${p.at.line}:${p.at.col}`,
      p.code,
      p.message,
      p.hint,
    ]);

  it('a YAML mistake is located where it is, in plain words, and what to do', async () => {
    const [problem] = await problemsOf('apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n   namespace: b\n');
    expect(problem![0]).toMatch(/^5:/);
    expect(problem![1]).toMatch(/^yaml\./);
    expect(problem![3]).toMatch(/^Fix the YAML at this line/);
    const [duplicate] = await problemsOf('kind: Ingress\nkind: Service\n');
    expect(duplicate!.slice(0, 2)).toEqual(['2:1', 'yaml.duplicate_key']);
  });

  it('a document that is no Kubernetes object, an old Ingress version, an object without a name', async () => {
    const problems = await problemsOf(
      [
        'just text',
        '---',
        'metadata: {name: x}',
        '---',
        'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: old}',
        '---',
        'apiVersion: networking.k8s.io/v1\nkind: Ingress\nmetadata: {generateName: web-}',
      ].join('\n'),
    );
    expect(problems.map(([at, code]) => [at, code])).toEqual([
      ['1:1', 'discover.not_an_object'],
      ['3:1', 'discover.not_an_object'],
      ['5:1', 'discover.api_version'],
      ['9:1', 'discover.no_name'],
    ]);
    expect(problems[2]![3]).toMatch(/kubectl convert/);
  });

  it('an unknown kind is skipped with its place and what to do; built-in kinds that route nothing pass quietly', async () => {
    const d = await discover([
      {
        file: 'k.yaml',
        text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: a}\n---\napiVersion: traefik.io/v1alpha1\nkind: IngressRoute\nmetadata: {name: r, namespace: web}\n---\napiVersion: networking.istio.io/v1\nkind: Gateway\nmetadata: {name: g}\n',
      },
    ]);
    expect(d.problems).toEqual([]);
    expect(d.resources).toBe(3);
    expect(d.skipped.map((s) => [s.code, s.resource.kind, `${s.at.line}`])).toEqual([
      ['discover.unknown_kind', 'Gateway', '9'],
      ['discover.unknown_kind', 'IngressRoute', '5'],
    ]);
    expect(d.skipped[1]!.reason).toMatch(/write its monitor by hand or route the host with an Ingress or HTTPRoute/);
  });

  it('reads a typed list whose items leave out their kind, and empty documents of helm output', async () => {
    const d = await discover([
      {
        file: 'l.yaml',
        text: '# Source: chart/templates/empty.yaml\n---\n---\napiVersion: networking.k8s.io/v1\nkind: IngressList\nitems:\n- metadata: {name: a, namespace: n}\n  spec: {rules: [{host: a.example.com, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: s, port: {number: 80}}}}]}}]}\n',
      },
    ]);
    expect(d.monitors.map((m) => [m.name, m.route.at.line])).toEqual([['n/a: a.example.com/', 8]]);
  });
});
