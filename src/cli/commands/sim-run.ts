// The work of `monitors sim`, loaded only when that command runs.
import { randomBytes } from 'node:crypto';
import { simOptionsFromFlags, type SimFlags } from '../../sim/cli-options.js';
import { pasteLines } from '../../sim/paste-lines.js';
import { startSimServer } from '../../sim/server.js';
import { fullScopeToken } from '../../sim/tokens.js';
import { simListeningText } from '../../render/sim-report.js';
import { reportError } from '../run-main.js';

/** The work of `monitors sim`, loaded only when that command runs. */
export async function runSimCommand(flags: SimFlags): Promise<void> {
  const options = simOptionsFromFlags(flags);
  let generated: string | undefined;
  if (flags.token === undefined && flags.tokensFile === undefined) {
    generated = `sim_${randomBytes(24).toString('base64url')}`;
    options.tokens = [fullScopeToken(generated)];
  }
  if (flags.verbose) options.onRequestLine = (line) => process.stderr.write(`${line}\n`);
  const server = await startSimServer(options);
  process.stdout.write(simListeningText(server.baseUrl, generated));
  const tokenFrom = generated ? 'generated' : flags.token !== undefined ? 'flag' : 'file';
  const lines = pasteLines({ baseUrl: server.baseUrl, generatedToken: generated, tokenFrom, stateFile: flags.state });
  process.stderr.write(`${lines.join('\n')}\n`);
  const stop = () => {
    void server.close().then(
      () => process.exit(0),
      // The same "error CODE: message" line and hint as every other failure.
      (error: unknown) => process.exit(reportError(error)),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
