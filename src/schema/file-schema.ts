// Schema of a whole YAML file of monitors: `defaults`, `monitors`, `moved`, `settings`.
// Editors use the generated JSON (`# yaml-language-server: $schema=...`); the loader uses
// the monitor-input schema per merged monitor, so this one may be looser where merging
// makes fields optional.
import { monitorInputProperties } from './monitor-input-schema.js';

export const ID_PATTERN = '^[0-9A-HJKMNP-TV-Z]{26}$';

const { name: _name, ...defaultableProperties } = monitorInputProperties;

export const monitorItemProperties = {
  ...monitorInputProperties,
  id: {
    type: 'string',
    pattern: ID_PATTERN,
    description: 'Pins this entry to one live monitor id (reconciler-level; never sent to the API). Use it when two live monitors share a name.',
  },
} as const;

export const settingsSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Reconciler settings. At most one file of a set may declare them.',
  properties: {
    scope: {
      description:
        'Which live monitors the tool owns besides those in its lock file: "lock" (default: only what it created or adopted), "workspace" (every monitor), or {prefix: "..."} (names starting with it).',
      oneOf: [
        { type: 'string', enum: ['lock', 'workspace'] },
        {
          type: 'object',
          additionalProperties: false,
          required: ['prefix'],
          properties: { prefix: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      ],
    },
    max_deletes: { type: 'integer', minimum: 0, description: 'A plan deleting more monitors than this is refused unless --allow-mass-delete is given. Default 20.' },
    max_delete_share: {
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: 'A plan deleting more than this share of the managed live monitors is refused unless --allow-mass-delete. Default 0.5.',
    },
    lock_file: { type: 'string', minLength: 1, description: 'Lock file path, relative to this file. Default: monitors.lock.json in the folder holding the monitors files loaded.' },
    api_url: { type: 'string', minLength: 1, description: 'API base URL ending in /api/v1. MONITORS_API_URL overrides it.' },
  },
} as const;

export const monitorsFileSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://monitors-as-code.dev/schema/monitors-file.schema.json',
  title: 'monitors YAML file',
  description: 'A file of monitors: each item of `monitors` is merged over `defaults` and must then be a complete monitor input.',
  type: 'object',
  additionalProperties: false,
  properties: {
    defaults: {
      type: 'object',
      additionalProperties: false,
      description: 'Fields every monitor of this file starts from; a monitor\'s own fields win.',
      properties: defaultableProperties,
    },
    monitors: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['name'], properties: monitorItemProperties },
    },
    moved: {
      type: 'array',
      description: 'Declared renames: the live monitor named `from` is renamed to `to` in place (same id, history kept).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: {
          from: { type: 'string', minLength: 2, maxLength: 100 },
          to: { type: 'string', minLength: 2, maxLength: 100 },
        },
      },
    },
    settings: settingsSchema,
  },
} as const;
