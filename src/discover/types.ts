// What `monitors discover k8s` reads and derives, as plain data: the Kubernetes resources
// found in the manifests (each located), the routed host and path of each, the monitors
// derived from them, and what was skipped and why. Everything here is decided by pure
// functions of this folder; the CLI reads the files and prints or writes the result.
import { locationText } from '../model/location-text.js';

/** Where something is in a manifest: the file as given (or `-` for standard input), 1-based. */
export interface SourceRef {
  file: string;
  line: number;
  col: number;
}

/** A Kubernetes object by what people call it: `Ingress default/shop`. */
export interface ResourceRef {
  kind: string;
  namespace: string;
  name: string;
}

/** Lines of the values of one parsed file: each mapping or sequence, and each item of a sequence. */
export interface Positions {
  /** Where a mapping or sequence of the file starts. */
  of(value: unknown): SourceRef | undefined;
  /** Where each item of a sequence starts, in order. */
  items(value: unknown): readonly SourceRef[];
}

/** One object of the manifests (an item of a `kind: List` is one too). */
export interface Resource extends ResourceRef {
  apiVersion: string;
  annotations: Readonly<Record<string, string>>;
  /** The object as parsed. */
  body: Readonly<Record<string, unknown>>;
  at: SourceRef;
  /** Where its annotations start (for a message about one), else the resource. */
  annotationsAt: SourceRef;
  positions: Positions;
}

export type PathMatch = 'Prefix' | 'Exact';

/** One public host and path a resource routes, with how it is probed. */
export interface Route {
  resource: ResourceRef;
  scheme: 'http' | 'https';
  host: string;
  /** The port when it is not the scheme's default. */
  port?: number;
  /** The routed path, as written (Prefix or Exact). */
  path: string;
  match: PathMatch;
  at: SourceRef;
}

/** Fields a monitor takes from annotations, beyond name, type and url. */
export type DerivedFields = Readonly<Record<string, string | number | boolean>>;

export interface DerivedMonitor {
  name: string;
  type: 'http' | 'keyword' | 'json';
  url: string;
  fields: DerivedFields;
  route: Route;
}

export type SkipCode =
  | 'discover.disabled'
  | 'discover.wildcard_host'
  | 'discover.private_host'
  | 'discover.no_host'
  | 'discover.path_type'
  | 'discover.header_match'
  | 'discover.redirect'
  | 'discover.canary'
  | 'discover.duplicate'
  | 'discover.not_attached'
  | 'discover.not_annotated'
  | 'discover.unknown_kind';

/** A resource, or one host and path of it, that gives no monitor, and why. */
export interface Skip {
  code: SkipCode;
  resource: ResourceRef;
  host?: string;
  path?: string;
  reason: string;
  at: SourceRef;
}

/** Something worth knowing that changes nothing by itself (an annotation part not taken, a guessed scheme). */
export interface Note {
  resource: ResourceRef;
  message: string;
  at: SourceRef;
}

/** Bad input: it stops the command, located, with what to do. */
export interface InputProblem {
  code: string;
  message: string;
  hint: string;
  at: SourceRef;
}

export interface Discovery {
  monitors: DerivedMonitor[];
  skipped: Skip[];
  notes: Note[];
  problems: InputProblem[];
  /** How many objects were read. */
  resources: number;
}

/** `NAMESPACE/RESOURCE: HOST/PATH`, the default of --name. */
export const DEFAULT_NAME_TEMPLATE = '{namespace}/{name}: {host}{path}';

export const refText = (r: ResourceRef): string => `${r.kind} ${r.namespace}/${r.name}`;
export const atText = (at: SourceRef): string => locationText(at);
