// Type-level mapping from the subset of JSON Schema used in monitor-input-schema.ts to
// TypeScript types, so that the MonitorInput type is derived from the schema value.

type Primitive<T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : never;

type FromType<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: 'array'; items: infer I }
    ? FromType<I>[]
    : S extends { type: readonly (infer T)[] }
      ? Primitive<T>
      : S extends { type: infer T }
        ? Primitive<T>
        : unknown;

export type FromObjectSchema<P extends Record<string, unknown>, R extends readonly string[]> = {
  -readonly [K in keyof P as K extends R[number] ? K : never]: FromType<P[K]>;
} & {
  -readonly [K in keyof P as K extends R[number] ? never : K]?: FromType<P[K]>;
};

/** Flattens an intersection so editors show one object type. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};
