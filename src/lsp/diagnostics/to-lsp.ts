// The loader's diagnostics as LSP diagnostics, word for word: the same code, severity and
// message as `monitors validate`, with a range (extent.ts) and, where the message names
// other places (`(also at FILE:LINE:COL, ...)` for a duplicate, `(var NAME is set at
// FILE:LINE:COL)` for a value that came through a var), those places as related information.
import path from 'node:path';
import type { Diagnostic } from '../../model/monitor.js';
import { uriOfPath } from '../roots.js';
import { extentAt, type Range } from './extent.js';

export interface LspDiagnostic {
  range: Range;
  severity: 1 | 2 | 3;
  code: string;
  source: 'monitors';
  message: string;
  relatedInformation?: { location: { uri: string; range: Range }; message: string }[];
}

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;
const PLACE = /([^\s,()][^,()]*?):(\d+):(\d+)/g;

/** `textOf`: the text of a file of the set (by absolute path), for the ranges of related places. */
export function toLspDiagnostic(
  d: Diagnostic,
  root: string,
  text: string,
  textOf: (abs: string) => string | undefined,
): LspDiagnostic {
  const out: LspDiagnostic = {
    range: extentAt(text, d.line, d.col),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'monitors',
    message: d.message,
  };
  const related = relatedPlaces(d.message, root, textOf);
  if (related.length > 0) out.relatedInformation = related;
  return out;
}

function relatedPlaces(message: string, root: string, textOf: (abs: string) => string | undefined) {
  const out: NonNullable<LspDiagnostic['relatedInformation']> = [];
  const add = (place: string, label: string) => {
    for (const m of place.matchAll(PLACE)) {
      const abs = path.resolve(root, m[1]!.trim());
      const text = textOf(abs) ?? '';
      out.push({
        location: { uri: uriOfPath(abs), range: extentAt(text, Number(m[2]), Number(m[3])) },
        message: label,
      });
    }
  };
  const also = /\(also at ([^)]*)\)/.exec(message);
  if (also) add(also[1]!, 'also defined here');
  for (const through of message.matchAll(/\(var (\S+) is set at ([^)]*)\)/g))
    add(through[2]!, `var ${through[1]} is set here`);
  return out;
}
