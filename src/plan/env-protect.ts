// A field filled from `${env:NAME}` may carry a credential (a token in a header, a key in a
// URL). The lock file and saved plans must keep nothing cheap to reverse of it, so such a
// field is fingerprinted as its template as written plus the salted scrypt hash of each
// variable it uses: a rotated value is still seen, and one scrypt per distinct variable
// value (not per monitor) keeps thousands of templated URLs fast.
import { createHash } from 'node:crypto';
import { SECRET_FIELDS } from '../schema/monitor-input-schema.js';
import { canonicalJson } from '../model/canonical-json.js';
import { envNamesIn } from '../model/env-references.js';
import { secretHash } from './fingerprint.js';
import type { Canonical } from './normalize.js';

export type EnvTemplates = Readonly<Partial<Record<string, string | readonly string[]>>>;

const SECRETS = new Set<string>(SECRET_FIELDS);

/**
 * The canonical input with each templated field (secrets aside: they have their own
 * hashes) replaced by `env:<hash of template and variable hashes>`. What fingerprints and
 * the lock's field hashes are made from; never what is sent or compared with the server.
 */
export function protectTemplatedFields(
  canonical: Canonical,
  templates: EnvTemplates,
  valueOf: (name: string) => string | undefined,
  salt: string,
): Canonical {
  let out: Canonical | undefined;
  for (const { field, template, names } of templatedFields(templates)) {
    if (!(field in canonical)) continue;
    const variables: Record<string, string> = {};
    for (const name of names) {
      const value = valueOf(name);
      variables[name] = value === undefined ? 'unset' : secretHash(value, salt);
    }
    out ??= { ...canonical };
    out[field] = `env:${createHash('sha256').update(canonicalJson({ template, variables })).digest('base64url')}`;
  }
  return out ?? canonical;
}

/** The variable values a set of templates needs hashed (for warmSecretHashes). */
export function templateValues(templates: EnvTemplates, valueOf: (name: string) => string | undefined): string[] {
  const values: string[] = [];
  for (const { names } of templatedFields(templates)) {
    for (const name of names) {
      const value = valueOf(name);
      if (value !== undefined) values.push(value);
    }
  }
  return values;
}

/**
 * The fields protected: templated, not a secret, and naming at least one variable (a
 * template of only escapes, `$${env:X}`, is literal text with nothing to protect).
 */
function* templatedFields(
  templates: EnvTemplates,
): Generator<{ field: string; template: string | readonly string[]; names: Set<string> }> {
  for (const [field, template] of Object.entries(templates)) {
    if (template === undefined || SECRETS.has(field)) continue;
    const names = envNamesIn(template);
    if (names.size > 0) yield { field, template, names };
  }
}
