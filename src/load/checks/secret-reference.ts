// A malformed reference in auth_secret is said without quoting it: what was meant as a
// reference may be the secret itself (`abc${xyz`), and secrets never appear in messages.
import { SECRET_FIELDS } from '../../schema/monitor-input-schema.js';

const SECRETS = new Set<string>(SECRET_FIELDS);

/** The message of a reference problem in `field`: the parser's own, or one quoting nothing in a secret's field. */
export function referenceMessage(field: string, issue: { message: string; unquoted?: string | undefined }): string {
  if (!SECRETS.has(field) || issue.unquoted === undefined) return issue.message;
  return `${field} holds ${issue.unquoted}; the value is not shown (it may be a secret): write one whole \${env:NAME}, or \${var.NAME} holding one`;
}
