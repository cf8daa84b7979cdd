// Asks before an apply or destroy writes (a terminal), or requires --yes (no terminal).
import { createInterface } from 'node:readline/promises';
import { MonitorsError } from '../../errors.js';
import { APPLY_QUESTION, confirmPrompt } from '../../render/confirm-report.js';

/**
 * Asks before changing anything, like `terraform apply`: only "yes" goes on. Without a
 * terminal there is nobody to ask, so --yes is required (CI). The question goes to stderr,
 * or to stdout when only that one is a terminal (`apply 2>log`); with both redirected
 * nobody would see it, so that counts as no terminal too.
 */
export async function confirmApply(
  yes: boolean | undefined,
  input: NodeJS.ReadStream,
  outputs: { stderr: NodeJS.WriteStream; stdout: NodeJS.WriteStream },
  prompt: Prompt = APPLY_PROMPT,
): Promise<void> {
  if (yes) return;
  const output = outputs.stderr.isTTY ? outputs.stderr : outputs.stdout.isTTY ? outputs.stdout : undefined;
  if (!input.isTTY || !output) {
    throw new MonitorsError(
      'APPLY_NEEDS_YES',
      `${prompt.command} needs confirmation, and there is no terminal to ask; nothing was changed`,
      {
        hint: `Review the plan above and run again with --yes (in CI: \`monitors ${prompt.command} --yes\`).`,
      },
    );
  }
  const rl = createInterface({ input, output });
  let answer: string;
  try {
    answer = await rl.question(confirmPrompt(prompt.question));
  } catch (error) {
    // readline ends the question with an AbortError on Ctrl-C and on Ctrl-D (end of input).
    const ctrlC = error instanceof Error && /Ctrl\+C/i.test(error.message);
    output.write('\n');
    throw new MonitorsError('APPLY_CANCELLED', `${prompt.command} cancelled; nothing was changed`, {
      exitCode: ctrlC ? 130 : 1,
    });
  } finally {
    rl.close();
  }
  if (answer.trim() !== 'yes')
    throw new MonitorsError('APPLY_CANCELLED', `${prompt.command} cancelled; nothing was changed`);
}

/** What is asked, and the command named in the refusals. */
export interface Prompt {
  command: string;
  question: string;
}

const APPLY_PROMPT: Prompt = { command: 'apply', question: APPLY_QUESTION };
