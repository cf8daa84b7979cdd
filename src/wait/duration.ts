// The DURATION of `apply --wait [DURATION]`: 90, 90s, 5m, 1m30s, 1h (a bare number is
// seconds). 0 reads the statuses once without waiting.
import { MonitorsError } from '../errors.js';

export const DEFAULT_WAIT_MS = 5 * 60_000;
export const MAX_WAIT_MS = 6 * 3_600_000;

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000 };
const FORM = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Milliseconds, or a BAD_OPTION error that shows the accepted forms. */
export function parseDuration(raw: string, flag = '--wait'): number {
  const text = raw.trim().toLowerCase();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : durationOf(text);
  if (ms === undefined || ms > MAX_WAIT_MS) {
    throw new MonitorsError(
      'BAD_OPTION',
      `${flag} takes a duration such as 90s, 5m, 1m30s or 1h (at most 6h), not "${raw.slice(0, 40)}"`,
    );
  }
  return ms;
}

function durationOf(text: string): number | undefined {
  const match = FORM.exec(text);
  if (!match || text === '') return undefined;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * UNIT_MS.h! + Number(m) * UNIT_MS.m! + Number(s) * UNIT_MS.s!;
}

/** 5m, 1m30s, 45s, 1.5s: for people. */
export function formatDuration(ms: number): string {
  if (ms < 10_000 && ms % 1000 !== 0) return `${(ms / 1000).toFixed(1)}s`;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h ? `${h}h` : '', m ? `${m}m` : '', s || total === 0 ? `${s}s` : ''];
  return parts.join('');
}
