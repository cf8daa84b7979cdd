// `monitors discover k8s`: its options and help (the work is discover-run.ts, the derivation
// src/discover/).
import type { Command } from 'commander';
import { formatHelp } from '../../render/formats/registry.js';
import { Argument } from '../commander.js';
import type { DiscoverOptions } from '../arguments/discover-options.js';

// `monitors discover k8s [FILE|DIR|-]...`: monitors derived from Kubernetes manifests, written
// as YAML for review (--out), or the routes no monitor covers (--check --against DIR).
// docs/discover.md.
export function registerDiscover(program: Command): void {
  const discover = program
    .command('discover')
    .description('Derive monitors from what you deploy (k8s: Kubernetes manifests). See docs/discover.md.');
  discover
    .command('k8s')
    .description(
      'Read Kubernetes manifests (multi-document YAML, kind: List, helm template output) and derive one http monitor per public host and path of each Ingress and HTTPRoute (and annotated LoadBalancer Service); skipped ones are listed with the reason on stderr. No network.',
    )
    .addArgument(
      new Argument(
        '[paths...]',
        'manifest files or folders (searched for .yaml, .yml, .json), or - for standard input (the default when it is not a terminal)',
      ),
    )
    .option(
      '--out <file>',
      'write the monitors to this YAML file (atomically; left as it is when unchanged) instead of printing them',
    )
    .option(
      '--name <template>',
      'monitor names from {namespace}, {name}, {kind}, {host}, {path}, {scheme} (default: "{namespace}/{name}: {host}{path}")',
    )
    .option('--check', 'write nothing: exit 1 and list each routed host and path no monitor in --against covers (CI)')
    .option('--against <path>', 'with --check: the monitors to compare with (a folder or file of monitor YAML)')
    .option(
      '--format <format>',
      `${formatHelp('discovery', 'text is the YAML')}; with --check: ${formatHelp('coverage')}`,
      'text',
    )
    .action(async (paths: string[], options: DiscoverOptions) => {
      const { runDiscover } = await import('./discover-run.js');
      process.exitCode = await runDiscover(paths, options);
    });
}
