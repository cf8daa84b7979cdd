/** The scope each operation needs (spec section 4), for 403 messages. */
export function scopeFor(method: string, path: string): string {
  if (path.startsWith('/account')) return 'account:read';
  if (path.startsWith('/incidents')) return 'incidents:read';
  return method === 'GET' ? 'monitors:read' : 'monitors:write';
}
