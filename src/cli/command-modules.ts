// Each command's two modules: the declaration (commander options, the action) and the work
// (X-run.ts, loaded by the action). The program declares only the command named on the
// command line (program.ts), and main.ts starts loading that command's work at once, beside
// the command line parser instead of after it: module loading reads files asynchronously, so
// the two chains of imports overlap.
import type { Command } from 'commander';

type Register = (program: Command) => void;

interface CommandModules {
  declaration: () => Promise<Register>;
  work: () => Promise<unknown>;
}

export const COMMAND_MODULES: Readonly<Record<string, CommandModules>> = {
  init: {
    declaration: async () => (await import('./commands/init.js')).registerInit,
    work: () => import('../init/run-init.js'),
  },
  validate: {
    declaration: async () => (await import('./commands/validate.js')).registerValidate,
    work: () => import('./commands/validate-run.js'),
  },
  plan: {
    declaration: async () => (await import('./commands/plan.js')).registerPlan,
    work: () => import('./commands/plan-run.js'),
  },
  apply: {
    declaration: async () => (await import('./commands/apply.js')).registerApply,
    work: () => import('./commands/apply-run.js'),
  },
  check: {
    declaration: async () => (await import('./commands/check.js')).registerCheck,
    work: () => import('./commands/check-run.js'),
  },
  status: {
    declaration: async () => (await import('./commands/status.js')).registerStatus,
    work: () => import('./commands/status-run.js'),
  },
  destroy: {
    declaration: async () => (await import('./commands/destroy.js')).registerDestroy,
    work: () => import('./commands/destroy-run.js'),
  },
  export: {
    declaration: async () => (await import('./commands/export.js')).registerExport,
    work: () => import('./commands/export-run.js'),
  },
  sim: {
    declaration: async () => (await import('./commands/sim.js')).registerSim,
    work: () => import('./commands/sim-run.js'),
  },
  environments: {
    declaration: async () => (await import('./commands/environments.js')).registerEnvironments,
    work: () => import('./commands/environments-run.js'),
  },
  lock: {
    declaration: async () => (await import('./commands/lock.js')).registerLock,
    work: () => import('./commands/lock-run.js'),
  },
  fmt: {
    declaration: async () => (await import('./commands/fmt.js')).registerFmt,
    work: () => import('./commands/fmt-run.js'),
  },
  show: {
    declaration: async () => (await import('./commands/show.js')).registerShow,
    work: () => import('./commands/show-run.js'),
  },
  ci: {
    declaration: async () => (await import('./commands/ci.js')).registerCi,
    work: () => import('./commands/ci-run.js'),
  },
  discover: {
    declaration: async () => (await import('./commands/discover.js')).registerDiscover,
    work: () => import('./commands/discover-run.js'),
  },
  lsp: {
    declaration: async () => (await import('./commands/lsp.js')).registerLsp,
    work: () => import('./commands/lsp-run.js'),
  },
};

/** The command the arguments name: the program's own options take no value, so the first word that is not one. */
export function namedCommand(args: readonly string[]): string | undefined {
  const named = args.find((arg) => !arg.startsWith('-'));
  return named !== undefined && Object.hasOwn(COMMAND_MODULES, named) ? named : undefined;
}
