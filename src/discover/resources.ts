// The Kubernetes objects of one parsed manifest file: each document, and each item of a
// `kind: List` (what `kubectl get ... -o yaml` prints) or of a typed list (`IngressList`,
// whose items may leave out their kind). An empty document (helm template leaves some) is
// nothing; a document that is no Kubernetes object, an object without a name, or an Ingress
// of an API version no longer served is bad input, located. A kind discover does not know
// is skipped with a reason; the built-in kinds that route nothing are passed over quietly.
import type { ParsedManifests } from './parse-manifests.js';
import type { InputProblem, Positions, Resource, Skip, SourceRef } from './types.js';

export interface ReadResources {
  /** Every object read, of any kind (the items of a List, not the List). */
  objects: number;
  resources: Resource[];
  skipped: Skip[];
  problems: InputProblem[];
}

/** What discover derives monitors from, and what it reads beside them (a Gateway's listeners). */
export const READ_KINDS: Readonly<Record<string, readonly string[]>> = {
  Ingress: ['networking.k8s.io/v1'],
  HTTPRoute: ['gateway.networking.k8s.io/v1', 'gateway.networking.k8s.io/v1beta1'],
  Gateway: ['gateway.networking.k8s.io/v1', 'gateway.networking.k8s.io/v1beta1'],
  Service: ['v1'],
};

// API groups whose kinds route no public HTTP traffic of their own: passed over without a word.
const QUIET_GROUPS = new Set([
  '',
  'apps',
  'batch',
  'autoscaling',
  'policy',
  'rbac.authorization.k8s.io',
  'storage.k8s.io',
  'apiextensions.k8s.io',
  'admissionregistration.k8s.io',
  'scheduling.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'node.k8s.io',
  'certificates.k8s.io',
  'events.k8s.io',
  'flowcontrol.apiserver.k8s.io',
  'apiregistration.k8s.io',
  'resource.k8s.io',
  'snapshot.storage.k8s.io',
  'cert-manager.io',
  'monitoring.coreos.com',
  'keda.sh',
  'external-secrets.io',
  'bitnami.com',
  'autoscaling.k8s.io',
  'kustomize.config.k8s.io',
]);
// Kinds of the two routing groups that carry no HTTP route of their own.
const QUIET_KINDS = new Set(['IngressClass', 'NetworkPolicy', 'GatewayClass', 'ReferenceGrant', 'BackendTLSPolicy']);

const NOT_AN_OBJECT_HINT =
  'discover reads Kubernetes manifests (what `kubectl apply -f` or `helm template` takes): give it only those files, or remove this document.';

export function readResources(file: string, parsed: ParsedManifests): ReadResources {
  const out: ReadResources = { objects: 0, resources: [], skipped: [], problems: [] };
  const { positions } = parsed;
  parsed.documents.forEach((doc) => {
    if (doc === null || doc === undefined) return;
    const at = positions.of(doc) ?? { file, line: 1, col: 1 };
    if (typeof doc !== 'object' || Array.isArray(doc)) {
      out.problems.push({
        code: 'discover.not_an_object',
        message: `this YAML document is ${Array.isArray(doc) ? 'a list' : `the scalar ${(JSON.stringify(doc) ?? '').slice(0, 40)}`}, not a Kubernetes object`,
        hint: NOT_AN_OBJECT_HINT,
        at,
      });
      return;
    }
    readObject(doc as Record<string, unknown>, at, positions, out, undefined);
  });
  return out;
}

function readObject(
  object: Record<string, unknown>,
  at: SourceRef,
  positions: Positions,
  out: ReadResources,
  fromList: { apiVersion: string; kind: string } | undefined,
): void {
  const kind = typeof object.kind === 'string' ? object.kind : fromList?.kind;
  const apiVersion = typeof object.apiVersion === 'string' ? object.apiVersion : fromList?.apiVersion;
  if (!kind || !apiVersion) {
    const missing = [!apiVersion && 'apiVersion', !kind && 'kind'].filter(Boolean).join(' and ');
    out.problems.push({
      code: 'discover.not_an_object',
      message: `this object has no ${missing}: it is not a Kubernetes object`,
      hint: NOT_AN_OBJECT_HINT,
      at,
    });
    return;
  }
  if (kind.endsWith('List') && Array.isArray(object.items)) {
    // `List` items carry their own kind; those of a typed list (IngressList) may not.
    const itemKind = kind === 'List' ? undefined : { kind: kind.slice(0, -'List'.length), apiVersion };
    const itemsAt = positions.items(object.items);
    object.items.forEach((item, i) => {
      const where = positions.of(item) ?? itemsAt[i] ?? at;
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        out.problems.push({
          code: 'discover.not_an_object',
          message: `item ${i + 1} of this ${kind} is not a Kubernetes object`,
          hint: NOT_AN_OBJECT_HINT,
          at: where,
        });
        return;
      }
      readObject(item as Record<string, unknown>, where, positions, out, itemKind);
    });
    return;
  }
  out.objects += 1;
  const group = groupOf(apiVersion);
  const metadata = isRecord(object.metadata) ? object.metadata : {};
  const namespace =
    typeof metadata.namespace === 'string' && metadata.namespace !== '' ? metadata.namespace : 'default';
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const ref = { kind, namespace, name: name || '(no name)' };
  const read = READ_KINDS[kind];
  // A kind of that name in another group (Knative's Service, Istio's Gateway) is another kind;
  // an Ingress of extensions/v1beta1 is an old version of the one read.
  const sameKind = read?.some((v) => groupOf(v) === group) || (kind === 'Ingress' && group === 'extensions');
  if (read === undefined || !sameKind) {
    if (QUIET_GROUPS.has(group) || QUIET_KINDS.has(kind) || (group === 'networking.k8s.io' && kind !== 'Ingress'))
      return;
    out.skipped.push({
      code: 'discover.unknown_kind',
      resource: ref,
      reason: `kind ${kind} (${apiVersion}) is not one discover reads (it reads Ingress, Gateway API HTTPRoute and annotated LoadBalancer Services); if it routes public traffic, write its monitor by hand or route the host with an Ingress or HTTPRoute`,
      at,
    });
    return;
  }
  if (!read.includes(apiVersion)) {
    out.problems.push({
      code: 'discover.api_version',
      message: `${kind} ${namespace}/${ref.name} is ${apiVersion}, which discover does not read (it reads ${read.join(' and ')})`,
      hint:
        kind === 'Ingress'
          ? 'extensions/v1beta1 and networking.k8s.io/v1beta1 Ingresses are no longer served since Kubernetes 1.22: convert the manifest to networking.k8s.io/v1 (`kubectl convert`), or render the chart for a current Kubernetes (`helm template --kube-version`).'
          : `Write the object as ${read[0]}.`,
      at,
    });
    return;
  }
  if (!name) {
    out.problems.push({
      code: 'discover.no_name',
      message: `this ${kind} has no metadata.name (generateName is given a name only by the API server)`,
      hint: 'Give it a metadata.name, or read it back from the cluster (`kubectl get ... -o yaml`).',
      at,
    });
    return;
  }
  const annotations: Record<string, string> = {};
  if (isRecord(metadata.annotations))
    for (const [key, value] of Object.entries(metadata.annotations))
      if (value !== null && value !== undefined)
        annotations[key] = typeof value === 'string' ? value : JSON.stringify(value);
  out.resources.push({
    kind,
    namespace,
    name,
    apiVersion,
    annotations,
    body: object,
    at,
    annotationsAt: positions.of(metadata.annotations) ?? positions.of(metadata) ?? at,
    positions,
  });
}

const groupOf = (apiVersion: string): string =>
  apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
