// `headers` is one HTTP header per line ("Name: value"). Authorization and forwarding
// headers are reserved by the server (auth goes through auth_type/auth_secret; the
// checker's identity must not be spoofed), and connection-level headers are set by the
// checker itself, so a line setting any of them is rejected.

export interface HeaderProblem {
  code: 'rule.header_syntax' | 'rule.header_forbidden';
  message: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Header values may hold resolved secrets, so messages name the line, never its text.
// Visible ASCII, space, tab and non-ASCII; no other control characters (CR, NUL, the C1
// controls such as NEL U+0085) and no U+2028/U+2029: a server that splits lines on any
// Unicode line break would read a second header there.
const VALUE = /^[\t\x20-\x7e\xa0-\u2027\u202a-\uffff]*$/;

const AUTH = 'set authentication with auth_type and auth_secret instead';
const FORWARDING = 'forwarding headers are set by the checker and cannot be overridden';
const CONNECTION = 'connection-level headers are set by the checker';

export const FORBIDDEN_HEADERS: Readonly<Record<string, string>> = {
  authorization: AUTH,
  'proxy-authorization': AUTH,
  forwarded: FORWARDING,
  via: FORWARDING,
  'x-forwarded': FORWARDING,
  'x-real-ip': FORWARDING,
  'x-client-ip': FORWARDING,
  'x-originating-ip': FORWARDING,
  'x-remote-ip': FORWARDING,
  'x-remote-addr': FORWARDING,
  'true-client-ip': FORWARDING,
  'cf-connecting-ip': FORWARDING,
  'x-cluster-client-ip': FORWARDING,
  host: CONNECTION,
  connection: CONNECTION,
  'content-length': CONNECTION,
  'transfer-encoding': CONNECTION,
  te: CONNECTION,
  trailer: CONNECTION,
  upgrade: CONNECTION,
  'keep-alive': CONNECTION,
  'proxy-connection': CONNECTION,
};

/** Why this header name is reserved, or undefined when a monitor may set it. */
export function forbiddenHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith('x-forwarded-')) return FORWARDING;
  return FORBIDDEN_HEADERS[lower];
}

/** Problems of a `headers` value, one per offending line (blank lines are ignored). */
export function headerProblems(headers: string): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  headers.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `headers line ${index + 1}`;
    const colon = line.indexOf(':');
    const name = colon < 0 ? '' : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    // `  Authorization: x` is malformed, but a server that trims lines reads Authorization:
    // say that, the stronger reason.
    const reserved = colon < 0 ? undefined : forbiddenHeaderReason(name.trim());
    if (reserved) {
      problems.push({
        code: 'rule.header_forbidden',
        message: `${where}: header ${name.trim()} is not allowed; ${reserved}`,
      });
    } else if (colon < 0) {
      problems.push({ code: 'rule.header_syntax', message: `${where} is not "Name: value" (no colon)` });
    } else if (!TOKEN.test(name)) {
      problems.push({
        code: 'rule.header_syntax',
        message: `${where}: the header name is not valid (letters, digits and !#$%&'*+-.^_\`|~ only, no spaces)`,
      });
    } else if (!VALUE.test(value)) {
      problems.push({
        code: 'rule.header_syntax',
        message: `${where}: the value of ${name} contains control characters`,
      });
    }
  });
  return problems;
}
