// Monitors and contexts for running checks in-process against the loopback servers.
import { checkMonitor } from '../../src/check/run-checks.js';
import type { CheckContext, CheckResult, ResolveEntry } from '../../src/check/types.js';
import type { DesiredMonitor, MonitorInput } from '../../src/model/monitor.js';
import { inputOfType } from '../load/valid-input.js';

/** A monitor of `type` (complete, valid) with overrides; retry_count 0 and a generous slow threshold. */
export function monitorOf(
  type: string,
  overrides: Record<string, unknown> = {},
  envRefs: DesiredMonitor['envRefs'] = {},
): DesiredMonitor {
  const input = inputOfType(type, {
    name: `${type} check`,
    retry_count: 0,
    timeout_seconds: 5,
    slow_threshold_ms: 10_000,
    ...overrides,
  }) as unknown as MonitorInput;
  return { name: input.name, input, envRefs, source: { file: 'monitors/test.yaml', line: 1, col: 3 } };
}

/** Every connection to `host` (any port) goes to 127.0.0.1, as `--resolve host:*:127.0.0.1` says. */
export function toLoopback(...hosts: string[]): ResolveEntry[] {
  return hosts.map((host) => ({ host, port: '*' as const, addresses: ['127.0.0.1'] }));
}

export function contextOf(overrides: Partial<CheckContext> = {}): CheckContext {
  return {
    resolve: [],
    connectTo: [],
    extraCa: [],
    dnsServers: [],
    userAgent: 'monitors-check/test',
    now: () => new Date(),
    cache: new Map(),
    ...overrides,
  };
}

export function check(monitor: DesiredMonitor, context: CheckContext): Promise<CheckResult> {
  return checkMonitor(monitor, context);
}
