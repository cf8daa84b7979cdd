// keyword: an http check whose body must (or must not) contain the keyword.
import { keywordVerdict } from '../verdicts/keyword.js';
import { bodyText, fetchExpected, isAnswer, statusDetail } from './http-request.js';
import { fail, fromVerdict, type Probe } from './probe.js';

export const keywordProbe: Probe = async ({ monitor, shown }, context, signal) => {
  const answer = await fetchExpected(monitor, context, signal);
  if (!isAnswer(answer)) return answer;
  if (answer.truncated)
    return fail(`${statusDetail(answer)}, but the body is larger than the 10 MiB read for the keyword`);
  const verdict = keywordVerdict(bodyText(answer), {
    keyword: monitor.keyword ?? '',
    mode: monitor.keyword_mode === 'absent' ? 'absent' : 'present',
    caseSensitive: monitor.keyword_case_sensitive !== false,
    shown: shown('keyword'),
  });
  return fromVerdict({ ok: verdict.ok, detail: `${statusDetail(answer)}, ${verdict.detail}` });
};
