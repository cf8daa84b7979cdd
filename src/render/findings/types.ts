// A diagnostic as code-scanning reports need it: located by its path from the repository
// root (GitHub and GitLab resolve paths there), not from the working folder it was run in.
import type { Diagnostic } from '../../model/monitor.js';

export interface Finding extends Diagnostic {
  /** The file's path from the repository root, with `/` separators. */
  path: string;
}
