// The words of `monitors lock forget NAME` (the command finds the record and writes the lock;
// it builds no sentence): what leaves the lock, the question, the commit subject on the lock
// branch, and what was done. Names come from a file anyone may edit: shown as escapes.
import { printable } from '../model/printable.js';

/** The record that leaves the lock, and the lock file as shown to the user. */
export interface ForgetView {
  name: string;
  id: string;
  lockFile: string;
}

const what = (v: ForgetView) => `"${v.name}" (id ${v.id})`;

/** Said on stderr before asking. */
export function forgetNotice(v: ForgetView): string {
  return `${printable(`lock forget: ${what(v)} leaves ${v.lockFile}. The live monitor stays as it is, no longer managed; nothing is sent to the server.`)}\n`;
}

/** The question asked before the record goes (confirm.ts adds the "yes" it needs). */
export function forgetQuestion(v: ForgetView): string {
  return `Forget ${what(v)}?`;
}

/** The subject of the lock branch's commit (names quoted as JSON: one line whatever the name). */
export function forgetCommitChange(v: ForgetView): string {
  return `lock forget ${JSON.stringify(v.name)} (id ${v.id}), nothing sent`;
}

/** Said on stdout once the lock no longer holds the record. */
export function forgotLine(v: ForgetView): string {
  return `${printable(`Forgot ${what(v)} in ${v.lockFile}.`)}\n`;
}
