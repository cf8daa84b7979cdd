/** Commander's parser of a repeatable option (`--name A --name B`): the values in the order given. */
export const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];
