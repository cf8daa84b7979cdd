// json: an http check whose body is JSON with a value at json_pointer that passes json_operator.
import { jsonVerdict } from '../verdicts/json.js';
import { bodyText, fetchExpected, isAnswer, statusDetail } from './http-request.js';
import { fail, fromVerdict, type Probe } from './probe.js';

export const jsonProbe: Probe = async ({ monitor, shown }, context, signal) => {
  const answer = await fetchExpected(monitor, context, signal);
  if (!isAnswer(answer)) return answer;
  if (answer.truncated) return fail(`${statusDetail(answer)}, but the body is larger than the 10 MiB read for JSON`);
  const verdict = jsonVerdict(bodyText(answer), {
    pointer: monitor.json_pointer ?? '',
    operator: monitor.json_operator ?? 'exists',
    expected: monitor.json_expected ?? null,
    shownExpected: shown('json_expected'),
  });
  return fromVerdict({ ok: verdict.ok, detail: `${statusDetail(answer)}, ${verdict.detail}` });
};
