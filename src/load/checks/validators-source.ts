// Source of src/load/generated/validators.ts: the loader's two ajv validators compiled
// ahead of time ("standalone" code), so that a run neither imports nor compiles ajv
// (about 140 ms of a `monitors validate` run on a small machine). A test proves the
// committed file matches; regenerate with:
//   npx tsc -p . && node dist/src/load/checks/write-validators.js
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { defaultableProperties, monitorsFileSchema } from '../../schema/file-schema.js';
import { monitorInputSchema } from '../../schema/monitor-input-schema.js';
import { policyExceptionsSchema } from '../../schema/policy-schema.js';

/**
 * The whole-file schema without the per-item monitor schema: each item is checked after
 * merging defaults (against the monitor input schema), so checking it twice is waste.
 * `for_each` is checked by the expansion (src/load/expand), which says more than a oneOf.
 */
const movedSchema = monitorsFileSchema.properties.moved;
const defaultsSchema = monitorsFileSchema.properties.defaults;
const removedSchema = monitorsFileSchema.properties.removed;
const deletedSchema = monitorsFileSchema.properties.deleted;
const settingsSchema = monitorsFileSchema.properties.settings;
const sections = {
  ...monitorsFileSchema.properties,
  // Each field's own schema, without the `if` that lets it be one whole ${var.NAME}: the
  // loader leaves such fields out before it checks defaults (file-check.ts), so the check
  // says the same in half the code (37 KB instead of 73 KB to compile at a run's start).
  defaults: {
    ...defaultsSchema,
    properties: {
      ...defaultableProperties,
      environments: defaultsSchema.properties.environments,
      policy_exceptions: { $ref: '#/definitions/policy_exceptions' },
    },
  },
  // An entry's policy_exceptions is checked here (split off before the monitor's own check).
  monitors: {
    type: 'array',
    items: { type: 'object', properties: { policy_exceptions: { $ref: '#/definitions/policy_exceptions' } } },
  },
  // settings.defaults the same way as defaults (file-check.ts leaves its whole references out too).
  settings: {
    ...settingsSchema,
    properties: {
      ...settingsSchema.properties,
      defaults: { ...settingsSchema.properties.defaults, properties: defaultableProperties },
    },
  },
  moved: {
    ...movedSchema,
    items: { ...movedSchema.items, properties: { ...movedSchema.items.properties, for_each: {} } },
  },
  removed: {
    ...removedSchema,
    items: { ...removedSchema.items, properties: { ...removedSchema.items.properties, for_each: {} } },
  },
  deleted: {
    ...deletedSchema,
    items: {
      ...deletedSchema.items,
      properties: {
        ...deletedSchema.items.properties,
        for_each: {},
        policy_exceptions: { $ref: '#/definitions/policy_exceptions' },
      },
    },
  },
};
/**
 * Each section but `monitors` is referenced, and compiled (`inlineRefs: false`) into a
 * function of its own: Node compiles a function when it is first called, so a file without
 * `settings:` or `moved:` never pays for compiling their checks.
 */
const REFERENCED = ['defaults', 'vars', 'moved', 'removed', 'deleted', 'settings', 'policy'] as const;
export const loaderFileSchema = {
  ...monitorsFileSchema,
  $id: 'loader-file',
  definitions: {
    ...Object.fromEntries(REFERENCED.map((name) => [name, sections[name]])),
    policy_exceptions: policyExceptionsSchema,
  },
  properties: Object.fromEntries(
    Object.entries(sections).map(([name, schema]) => [
      name,
      (REFERENCED as readonly string[]).includes(name) ? { $ref: `#/definitions/${name}` } : schema,
    ]),
  ),
};

const UCS2LENGTH = `// Length in Unicode code points, as JSON Schema counts (ajv/dist/runtime/ucs2length).
function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}
`;

export function renderValidatorsModule(): string {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: false,
    inlineRefs: false,
    code: { source: true, esm: true },
  });
  ajv.addSchema(loaderFileSchema, 'file');
  ajv.addSchema(monitorInputSchema, 'monitor');
  return standaloneModule(
    ajv,
    { validateFile: 'file', validateMonitor: 'monitor' },
    'src/load/checks/validators-source.ts',
  );
}

/**
 * An ES module of `ajv`'s compiled validators (its options must include
 * `code: { source: true, esm: true }`) that imports nothing: ajv's one runtime helper is
 * inlined. `exports`: export name to the schema's key in `ajv`. Also used by bench/ for
 * the floor's validator, compiled the same way.
 */
export function standaloneModule(ajv: Ajv, exports: Record<string, string>, source: string): string {
  const code = standaloneCode
    .default(ajv, exports)
    .replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length');
  if (code.includes('require(')) throw new Error('standalone validators need a runtime module that is not inlined');
  return `// @ts-nocheck\n// GENERATED by ${source}; do not edit.\n${UCS2LENGTH}${code}\n`;
}
