// The options `monitors show` parses. Apart from show.ts so that show-run.ts, which show.ts
// imports lazily, can name them without an import circle.
export interface ShowOptions {
  format: string;
}
