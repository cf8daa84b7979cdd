/** `a`, `a or b`, `a, b or c`: the choices of an option, as help texts and refusals name them. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}
