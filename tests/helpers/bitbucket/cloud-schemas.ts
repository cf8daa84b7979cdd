// The request bodies the fake Bitbucket Cloud checks, each against the schema of Bitbucket's
// OpenAPI description (https://dac-static.atlassian.com/cloud/bitbucket/swagger.v3.json):
//   - from the excerpt in shared/git-host-apis/bitbucket-cloud-2.0.json, read in place:
//     `pullrequest_comment` (comments: POST, PUT) and `commitstatus` (POST statuses/build);
//   - the Code Insights and issue tracker schemas, which the excerpt leaves out, written here
//     from the same description's components (`report`, `report_annotation`, `issue`,
//     `issue_comment`): like every resource of that API each is allOf the base `object`
//     (which requires `type`) and its own fields, their enums as documented.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { sharedApiDescription } from './shared-api-description.js';

const DOC_ID = 'bitbucket-cloud-2.0.json';
const base = { $ref: `${DOC_ID}#/components/schemas/object` };
const content = {
  type: 'object',
  properties: {
    raw: { type: 'string' },
    markup: { enum: ['markdown', 'creole', 'plaintext'] },
    html: { type: 'string' },
  },
  additionalProperties: false,
};

const EXTRA = {
  report: {
    allOf: [
      base,
      {
        type: 'object',
        properties: {
          uuid: { type: 'string' },
          title: { type: 'string' },
          details: { type: 'string' },
          external_id: { type: 'string' },
          reporter: { type: 'string' },
          link: { type: 'string', format: 'uri' },
          remote_link_enabled: { type: 'boolean' },
          logo_url: { type: 'string', format: 'uri' },
          report_type: { enum: ['SECURITY', 'COVERAGE', 'TEST', 'BUG'] },
          result: { enum: ['PASSED', 'FAILED', 'PENDING'] },
          data: {
            type: 'array',
            maxItems: 10,
            items: {
              type: 'object',
              properties: {
                type: { enum: ['BOOLEAN', 'DATE', 'DURATION', 'LINK', 'NUMBER', 'PERCENTAGE', 'TEXT'] },
                title: { type: 'string' },
                value: {},
              },
              additionalProperties: false,
            },
          },
          created_on: { type: 'string', format: 'date-time' },
          updated_on: { type: 'string', format: 'date-time' },
        },
        additionalProperties: true,
      },
    ],
  },
  report_annotation: {
    allOf: [
      base,
      {
        type: 'object',
        properties: {
          external_id: { type: 'string' },
          uuid: { type: 'string' },
          annotation_type: { enum: ['VULNERABILITY', 'CODE_SMELL', 'BUG'] },
          path: { type: 'string' },
          line: { type: 'integer', minimum: 1 },
          summary: { type: 'string' },
          details: { type: 'string' },
          result: { enum: ['PASSED', 'FAILED', 'SKIPPED', 'IGNORED'] },
          severity: { enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] },
          link: { type: 'string', format: 'uri' },
          created_on: { type: 'string', format: 'date-time' },
          updated_on: { type: 'string', format: 'date-time' },
        },
        additionalProperties: true,
      },
    ],
  },
  issue: {
    allOf: [
      base,
      {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          content,
          state: {
            enum: ['submitted', 'new', 'open', 'resolved', 'on hold', 'invalid', 'duplicate', 'wontfix', 'closed'],
          },
          kind: { enum: ['bug', 'enhancement', 'proposal', 'task'] },
          priority: { enum: ['trivial', 'minor', 'major', 'critical', 'blocker'] },
          votes: { type: 'integer' },
          created_on: { type: 'string', format: 'date-time' },
          updated_on: { type: 'string', format: 'date-time' },
        },
        additionalProperties: true,
      },
    ],
  },
  issue_comment: {
    allOf: [{ $ref: `${DOC_ID}#/components/schemas/comment` }, { type: 'object', additionalProperties: true }],
  },
};

export type CloudBody = 'pullrequest_comment' | 'commitstatus' | keyof typeof EXTRA | 'report_annotation[]';

export interface BodyChecker {
  check(kind: CloudBody, body: unknown): string | undefined;
}

/** One ajv instance over the shared description and the schemas above; a body's problems as one line, or undefined. */
export function cloudBodyChecker(): BodyChecker {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addFormat('uri', { validate: (s: string) => URL.canParse(s) });
  ajv.addFormat('date-time', { validate: (s: string) => !Number.isNaN(Date.parse(s)) });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ ...sharedApiDescription(DOC_ID), $id: DOC_ID });
  const own = (name: string) => ({ $ref: `${DOC_ID}#/components/schemas/${name}` });
  const validators = new Map<CloudBody, ValidateFunction>([
    ['pullrequest_comment', ajv.compile(own('pullrequest_comment'))],
    ['commitstatus', ajv.compile(own('commitstatus'))],
    ...Object.entries(EXTRA).map(([name, schema]) => [name as CloudBody, ajv.compile(schema)] as const),
    ['report_annotation[]', ajv.compile({ type: 'array', items: EXTRA.report_annotation })],
  ]);
  return {
    check(kind, body) {
      const validate = validators.get(kind)!;
      return validate(body) ? undefined : describe(validate.errors ?? []);
    },
  };
}

function describe(errors: ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
}
