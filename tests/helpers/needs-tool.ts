// `describe` for tests that drive a program outside Node (tools.ts): skipped with one line
// locally when it is missing, a failure with CI=true.
import { describe, it } from 'vitest';
import { missingTools, toolDecision, type Tool } from './tools.js';

export { CHROMIUM, NEOVIM, XMLLINT, isInstalled, missingTools, toolDecision, type Tool } from './tools.js';

/** `describe` that runs only where `tools` are installed (see above). */
export function describeWithTools(tools: readonly Tool[], title: string, body: () => void): void {
  const decision = toolDecision(missingTools(tools), process.env);
  if (decision.kind === 'run') describe(title, body);
  else if (decision.kind === 'fail')
    describe(title, () => {
      it('has the programs it drives', () => {
        throw new Error(decision.message);
      });
    });
  else {
    process.stderr.write(`${title}: ${decision.line}\n`);
    describe.skip(title, body);
  }
}
