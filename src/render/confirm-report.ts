// The words of asking before a command writes (the CLI's confirm.ts asks and reads the
// answer): the question of apply, and how any question is put.

export const APPLY_QUESTION = 'Do you want to apply these changes?';

/** The prompt on the terminal: the command's question, then what it takes to go on. */
export function confirmPrompt(question: string): string {
  return `\n${question} Only "yes" will be accepted: `;
}
