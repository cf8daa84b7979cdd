// The options `monitors fmt` parses. Apart from fmt.ts so that fmt-run.ts, which fmt.ts
// imports lazily, can name them without an import circle.
export interface FmtOptions {
  check?: boolean;
}
