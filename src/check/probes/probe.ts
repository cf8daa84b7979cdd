// What a probe is: one attempt of a monitor's check, and the outcomes it gives.
import type { MonitorInput } from '../../model/monitor.js';
import type { MonitorField } from '../../schema/monitor-input-schema.js';
import type { CheckContext, ProbeOutcome } from '../types.js';

export interface ProbeInput {
  monitor: MonitorInput;
  /** A field as it may be printed: its `${env:NAME}` template when it came from the environment. */
  shown: (field: MonitorField) => string;
}

/** One attempt of a check. Rejections are network failures; the runner words them. */
export type Probe = (input: ProbeInput, context: CheckContext, signal: AbortSignal) => Promise<ProbeOutcome>;

export const pass = (detail: string, ms?: number): ProbeOutcome =>
  ms === undefined ? { kind: 'pass', detail } : { kind: 'pass', detail, ms };
export const fail = (reason: string): ProbeOutcome => ({ kind: 'fail', reason });
export const notChecked = (reason: string): ProbeOutcome => ({ kind: 'not_checked', reason });

/** A verdict of src/check/verdicts as an outcome. */
export function fromVerdict(verdict: { ok: boolean; detail: string }): ProbeOutcome {
  return verdict.ok ? pass(verdict.detail) : fail(verdict.detail);
}
