// How a place in a monitors file is named. The lowest file of the loader: the parser, the
// checks and the problems all name places this way, so it imports nothing.

/** One step of a path into a parsed file: a mapping key or a list index. */
export type PathSegment = string | number;
/** What to point at: the key of the last segment, its value, or the node itself. */
export type Target = 'key' | 'value';
