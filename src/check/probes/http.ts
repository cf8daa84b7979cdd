// http: the request as the monitor describes it; up when the final status is in
// expected_status_min..max.
import { fetchExpected, isAnswer, statusDetail } from './http-request.js';
import { pass, type Probe } from './probe.js';

export const httpProbe: Probe = async ({ monitor }, context, signal) => {
  const answer = await fetchExpected(monitor, context, signal);
  return isAnswer(answer) ? pass(statusDetail(answer)) : answer;
};
