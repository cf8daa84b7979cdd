// What validate prints, without the desired state: the problems, and per environment how
// many monitors it has and its settings (where its lock file is, which variable holds its
// token). The load keeps only each monitor's name and place once its file is checked
// (pipeline.ts), so a large set is checked in the memory of one file at a time.
import type { Diagnostic, Settings } from '../model/monitor.js';
import type { LoadOptions } from './options.js';
import { loadFiles } from './pipeline.js';
import { settingsOf } from './settings.js';

export interface EnvironmentSummary {
  /** undefined when the set declares no environments. */
  name: string | undefined;
  monitors: number;
  settings: Settings;
}

export interface LoadSummary {
  /** The monitors files, as shown (relative to the working folder). */
  files: string[];
  /** One per environment checked, in the order declared (one, named undefined, when none are declared). */
  environments: EnvironmentSummary[];
  /** The environments the set declares (settings.environments), in order; empty when none. */
  declaredEnvironments: string[];
  diagnostics: Diagnostic[];
  /** The rules of the set's `policy:`, each with its description (reports describe a violation by its rule). */
  policyRules: { id: string; level: string; description: string | undefined }[];
}

export async function loadSummary(paths: string[], options: LoadOptions): Promise<LoadSummary> {
  const { files, declared, checked, diagnostics, policy } = await loadFiles(paths, options, true);
  const names = declared.names.length === 0 ? [undefined] : checked;
  return {
    files: files.map((f) => f.display),
    environments: names.map((name, e) => ({
      name,
      monitors: files.reduce((n, f) => n + (f.analysis?.environments[e]?.monitors.length ?? 0), 0),
      settings: settingsOf(files, name, declared.names),
    })),
    declaredEnvironments: declared.names,
    diagnostics,
    policyRules: policy ? [...policy.described] : [],
  };
}
