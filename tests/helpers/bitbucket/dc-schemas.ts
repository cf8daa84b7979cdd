// The request bodies the fake Bitbucket Data Center checks, as Atlassian's Data Center REST
// documentation gives them (REST API 1.0: pull request comments, "Store a build status";
// Code Insights 1.0: report, annotations). Data Center's own schema is not in shared/, so these
// are written here, each closed to the fields the documentation lists.
import { Ajv, type ValidateFunction } from 'ajv';

const SCHEMAS = {
  comment: {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string', minLength: 1 }, parent: { type: 'object' }, anchor: { type: 'object' } },
    additionalProperties: false,
  },
  commentUpdate: {
    type: 'object',
    required: ['text', 'version'],
    properties: { text: { type: 'string', minLength: 1 }, version: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  build: {
    type: 'object',
    required: ['key', 'state', 'url'],
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 255 },
      state: { enum: ['SUCCESSFUL', 'FAILED', 'INPROGRESS', 'CANCELLED', 'UNKNOWN'] },
      url: { type: 'string', minLength: 1, maxLength: 450 },
      name: { type: 'string', maxLength: 255 },
      description: { type: 'string', maxLength: 255 },
      buildNumber: { type: 'string' },
      duration: { type: 'integer' },
      lastUpdated: { type: 'integer' },
      parent: { type: 'string' },
      ref: { type: 'string' },
      testResults: { type: 'object' },
    },
    additionalProperties: false,
  },
  report: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 450 },
      details: { type: 'string', maxLength: 2000 },
      result: { enum: ['PASS', 'FAIL'] },
      reporter: { type: 'string', maxLength: 450 },
      link: { type: 'string' },
      logoUrl: { type: 'string' },
      createdDate: { type: 'integer' },
      data: {
        type: 'array',
        maxItems: 6,
        items: {
          type: 'object',
          required: ['title', 'value'],
          properties: {
            title: { type: 'string' },
            type: { enum: ['BOOLEAN', 'DATE', 'DURATION', 'LINK', 'NUMBER', 'PERCENTAGE', 'TEXT'] },
            value: {},
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
  annotations: {
    type: 'object',
    required: ['annotations'],
    properties: {
      annotations: {
        type: 'array',
        items: {
          type: 'object',
          required: ['message', 'severity'],
          properties: {
            externalId: { type: 'string', maxLength: 450 },
            line: { type: 'integer', minimum: 0 },
            link: { type: 'string' },
            message: { type: 'string', minLength: 1, maxLength: 2000 },
            path: { type: 'string' },
            severity: { enum: ['LOW', 'MEDIUM', 'HIGH'] },
            type: { enum: ['VULNERABILITY', 'CODE_SMELL', 'BUG'] },
          },
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
};

export type DcBody = keyof typeof SCHEMAS;

export function dcBodyChecker(): { check(kind: DcBody, body: unknown): string | undefined } {
  const ajv = new Ajv({ allErrors: true });
  const validators = new Map<DcBody, ValidateFunction>(
    Object.entries(SCHEMAS).map(([name, schema]) => [name as DcBody, ajv.compile(schema)]),
  );
  return {
    check(kind, body) {
      const validate = validators.get(kind)!;
      if (validate(body)) return undefined;
      return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
    },
  };
}
