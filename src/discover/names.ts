// Monitor names from a template (--name, monitors.dev/name): `{namespace}`, `{name}`,
// `{kind}`, `{host}`, `{path}` and `{scheme}` are replaced; the default is
// `NAMESPACE/RESOURCE: HOST/PATH`. A name is a function of the route alone, so the same
// manifests always give the same names, and a monitor keeps its name when another resource
// changes. The API takes names of at most 100 characters: a longer one keeps its first 91 and
// ends in `~` and 8 hex digits of a hash of the whole, still a function of the route.
import { createHash } from 'node:crypto';
import { monitorInputProperties } from '../schema/monitor-input-schema.js';
import type { Route } from './types.js';

export const PLACEHOLDERS = ['namespace', 'name', 'kind', 'host', 'path', 'scheme'] as const;
const MAX = monitorInputProperties.name.maxLength;

/** The placeholders of a template that are not one of PLACEHOLDERS. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((m) => m[1]!)
    .filter((p) => !(PLACEHOLDERS as readonly string[]).includes(p));
}

export function hasPlaceholder(template: string): boolean {
  return PLACEHOLDERS.some((p) => template.includes(`{${p}}`));
}

export function nameOf(template: string, route: Route): string {
  const values: Record<(typeof PLACEHOLDERS)[number], string> = {
    namespace: route.resource.namespace,
    name: route.resource.name,
    kind: route.resource.kind,
    host: route.port ? `${route.host}:${route.port}` : route.host,
    path: route.path,
    scheme: route.scheme,
  };
  const name = template.replace(
    /\{(namespace|name|kind|host|path|scheme)\}/g,
    (_, key: keyof typeof values) => values[key],
  );
  return fitName(name.trim());
}

export function fitName(name: string): string {
  if (name.length <= MAX) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX - 9)}~${hash}`;
}
