// What one resource routes, before its hosts are judged and its annotations applied: each
// host and path with the scheme it is served on, and what of the resource gives no route.
import type { Resource, Route, Skip, SkipCode, SourceRef } from './types.js';

export interface Candidates {
  routes: Route[];
  skipped: Skip[];
  notes: { message: string; at: SourceRef }[];
}

export const emptyCandidates = (): Candidates => ({ routes: [], skipped: [], notes: [] });

export function skipOf(
  resource: Resource,
  code: SkipCode,
  reason: string,
  at: SourceRef,
  where: { host?: string; path?: string } = {},
): Skip {
  return {
    code,
    resource: { kind: resource.kind, namespace: resource.namespace, name: resource.name },
    ...(where.host !== undefined ? { host: where.host } : {}),
    ...(where.path !== undefined ? { path: where.path } : {}),
    reason,
    at,
  };
}

export const refOf = (r: Resource) => ({ kind: r.kind, namespace: r.namespace, name: r.name });

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
