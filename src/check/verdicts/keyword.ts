// keyword: the body (decoded text) contains the keyword (`present`, the default) or does not
// (`absent`). Case-sensitive unless keyword_case_sensitive is false.

export interface KeywordRule {
  keyword: string;
  mode: 'present' | 'absent';
  caseSensitive: boolean;
  /** The keyword as it may be printed (its ${env:NAME} template when it came from the environment). */
  shown: string;
}

export function keywordVerdict(text: string, rule: KeywordRule): { ok: boolean; detail: string } {
  const found = rule.caseSensitive
    ? text.includes(rule.keyword)
    : text.toLowerCase().includes(rule.keyword.toLowerCase());
  const what = `keyword ${JSON.stringify(rule.shown)}${rule.caseSensitive ? '' : ' (any case)'}`;
  if (rule.mode === 'present')
    return found ? { ok: true, detail: `${what} found` } : { ok: false, detail: `${what} not found in the body` };
  return found
    ? { ok: false, detail: `${what} found in the body, expected absent` }
    : { ok: true, detail: `${what} absent` };
}
