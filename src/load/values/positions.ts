// 1-based line and column of a node in a YAML file.
export interface Position {
  line: number;
  col: number;
}

/** Per top-level key: where the key is, and where each item of its value starts. */
export type FilePositions = Map<string, { key: Position; items: Position[] }>;

/** Positions of nothing: for a file whose places are not looked up. */
export const noPositions = (): FilePositions => new Map<string, { key: Position; items: Position[] }>();
