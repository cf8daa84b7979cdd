// The page's Content-Security-Policy: nothing may load from anywhere (default-src 'none'),
// and the only style and script allowed are the page's own inline ones, by their hashes,
// so that a script that a name managed to smuggle in would not run either.
import { createHash } from 'node:crypto';

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function contentSecurityPolicy(style: string, script: string): string {
  return [
    "default-src 'none'",
    `style-src ${hash(style)}`,
    `script-src ${hash(script)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
