// The --check-rules file: the same JSON object PATCH /__sim/checks takes, e.g.
// {"default": "up", "delayMs": 1000, "rules": [{"name": "shop: *", "status": "down"}]}.
import { MonitorsError } from '../../errors.js';
import { defaultCheckSettings, patchCheckSettings, type CheckSettings } from './settings.js';

export function parseCheckRulesFile(text: string, fileName: string): CheckSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalid(fileName, `it is not valid JSON (${(error as Error).message})`);
  }
  const result = patchCheckSettings(defaultCheckSettings(), parsed);
  if ('problems' in result) throw invalid(fileName, result.problems.map((p) => p.message).join('; '));
  return result.settings;
}

function invalid(fileName: string, why: string): MonitorsError {
  return new MonitorsError('SIM_BAD_OPTION', `--check-rules ${fileName} cannot be used: ${why}`, {
    hint: 'Expected {"default"?: status, "delayMs"?: ms, "rules": [{"name"?: glob, "url"?: glob, "status": status}]}; see docs/simulator.md.',
  });
}
