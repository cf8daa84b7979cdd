// Names, ids and values in a plan come from the server and the lock file as much as from
// the YAML: a hostile or broken server could name a monitor "\u001b]0;...\u0007" and, printed
// raw, retitle the terminal, clear it or fake output. Shown on a terminal, every control
// character (C0, DEL, C1) and bidirectional override is written as a visible \u escape.

const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text with each control character as `\uXXXX`: one line, safe on any terminal. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
