// The options `monitors discover k8s` parses. Apart from discover.ts so that discover-run.ts,
// which discover.ts imports lazily, can name them without an import circle.
export interface DiscoverOptions {
  format: string;
  out?: string;
  name?: string;
  check?: boolean;
  against?: string;
}
