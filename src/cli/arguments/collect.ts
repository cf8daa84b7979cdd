/** Commander's parser for a repeatable option (`--name A --name B`): every value, in order. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
