// XML text and attribute values (JUnit reports, SVG badges). Names and messages
// come from the YAML and the server: the five markup characters are escaped, and what XML
// 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE and U+FFFF) is written
// as a visible \u escape rather than breaking the parser that reads the file.

// Tab, newline and carriage return are kept in text; in attributes a parser would normalize
// them to spaces, so they are escaped as character references there.
const NOT_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const visible = (text: string): string =>
  text.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function xmlText(text: string): string {
  return visible(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}
