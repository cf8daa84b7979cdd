// --wait [DURATION] and --wait-fail-on of `monitors apply`; the wait itself runs at the
// end of the apply (src/cli/steps/finish-apply.ts).
import { MonitorsError } from '../../errors.js';
import type { WaitOptions } from '../../wait/after-apply.js';
import { DEFAULT_WAIT_MS, parseDuration } from '../../wait/duration.js';
import { DEFAULT_FAIL_ON, parseFailOn } from '../../wait/status.js';
import type { ApplyOptions } from './apply-options.js';

export interface WaitMode {
  paths: string[];
  wait: WaitOptions | undefined;
}

/**
 * Reads --wait [DURATION] and --wait-fail-on. `apply --wait monitors/` hands the path to
 * --wait as its value (an optional value takes the next word): a value that does not
 * start with a digit is taken back as the first path.
 */
export function waitModeOf(paths: string[], options: ApplyOptions): WaitMode {
  if (options.wait === undefined) {
    if (options.waitFailOn !== undefined) throw new MonitorsError('BAD_OPTION', '--wait-fail-on needs --wait');
    return { paths, wait: undefined };
  }
  const value = options.wait === true ? undefined : options.wait;
  const isDuration = value !== undefined && /^\s*\d/.test(value);
  return {
    paths: value !== undefined && !isDuration ? [value, ...paths] : paths,
    wait: {
      timeoutMs: isDuration ? parseDuration(value) : DEFAULT_WAIT_MS,
      failOn: options.waitFailOn !== undefined ? parseFailOn(options.waitFailOn) : [...DEFAULT_FAIL_ON],
    },
  };
}
