// The options `monitors environments` parses. Apart from environments.ts so that environments-run.ts, which environments.ts
// imports lazily, can name them without an import circle.
export interface EnvironmentsOptions {
  format: string;
}
