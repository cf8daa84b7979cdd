// Text into HTML: every name, tag and message of the status page comes from the YAML or
// the server, so each is escaped, in text and in attribute values alike (quoted with ").
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
