// Which generated monitor (environment, for_each bindings) a problem was found in. Kept
// here, apart from expand/instances.ts (which groups problems by it), so that problem.ts
// can name it without importing the expansion.

export interface InstanceTag {
  /** The environment, when the set declares environments. */
  env: string | undefined;
  /** The for_each bindings (`region=us-east, check=health`); undefined without for_each. */
  each: string | undefined;
}
