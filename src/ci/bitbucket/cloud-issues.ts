// Drift on Bitbucket Cloud: ONE issue per path in the repository's issue tracker while the
// live monitors drift, found again by its marker, updated by every run that finds drift and
// resolved (with a comment) by the first that finds none. Bitbucket's issues have no labels,
// so --drift-label is not used here. A repository without an issue tracker (it is off by
// default) answers 404: then the drift is in the report and the build status, and a run that
// finds drift fails with exit 2, as in any CI without issues.
import { ApiCallError } from '../http-json.js';
import { driftBody, driftTitle, noDriftText } from '../markers.js';
import type { DriftToTrack } from '../provider.js';
import type { ReportFiles } from '../report-files.js';
import { findMarked, startsWithMarker } from '../sticky.js';
import type { BitbucketApi } from './api.js';
import type { CloudRepository } from './cloud-repository.js';
import { messageOf } from './common.js';
import { bitbucketMarker, withBitbucketMarker } from './marker.js';

const PERMISSION = 'Issues: Write (issue:write)';
/** As for comments: no documented limit, the same cut as the plan comment's. */
const MAX_ISSUE = 32_000;
const OPEN = ['new', 'open'];

interface Issue {
  id: number;
  state?: string;
  content?: { raw?: string };
  links?: { html?: { href?: string } };
}

export interface CloudDrift {
  api: BitbucketApi;
  repo: CloudRepository;
  drift: DriftToTrack;
  print: (line: string) => void;
  files: ReportFiles;
  whereFull: string;
  now?: Date;
}

export async function trackCloudDrift(target: CloudDrift): Promise<number> {
  const { api, repo, drift, print, files } = target;
  const issues = `${repo.path}/issues`;
  try {
    let existing: Issue | undefined;
    try {
      const open = encodeURIComponent(OPEN.map((s) => `state="${s}"`).join(' OR '));
      existing = await findMarked(
        api.cloudPages<Issue>(`${issues}?q=${open}&pagelen=50`, PERMISSION),
        (i) => OPEN.includes(i.state ?? '') && startsWithMarker(i.content?.raw, bitbucketMarker('drift', drift.path)),
      );
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) return noTracker(target, messageOf(error));
      throw error;
    }
    if (!drift.drift) {
      if (!existing) return (print('monitors: no drift, and no drift issue open.'), 0);
      await api.request('POST', `${issues}/${existing.id}/comments`, PERMISSION, {
        type: 'issue_comment',
        content: { raw: noDriftText(drift.path, 'pipeline', repo.runUrl, target.now) },
      });
      const closed = await api.request<Issue>('PUT', `${issues}/${existing.id}`, PERMISSION, {
        type: 'issue',
        state: 'resolved',
      });
      return done(target, 'resolved', closed ?? existing);
    }
    const raw = withBitbucketMarker(
      'drift',
      drift.path,
      driftBody({
        path: drift.path,
        planMarkdown: drift.planMarkdown,
        runName: 'pipeline',
        maxChars: MAX_ISSUE,
        whereFull: target.whereFull,
        ...(repo.runUrl ? { runUrl: repo.runUrl } : {}),
        ...(target.now ? { now: target.now } : {}),
      }),
    );
    const body = { type: 'issue', title: driftTitle(drift.path), content: { raw } };
    const saved = existing
      ? await api.request<Issue>('PUT', `${issues}/${existing.id}`, PERMISSION, body)
      : await api.request<Issue>('POST', issues, PERMISSION, { ...body, kind: 'task' });
    return done(target, existing ? 'updated' : 'opened', saved ?? existing!);
  } catch (error) {
    const what = drift.drift ? 'opened or updated' : 'resolved';
    print(`ERROR: The drift issue could not be ${what}: ${messageOf(error)}. The plan is in ${files.reportPath}.`);
    return 1;
  }
}

function done(target: CloudDrift, action: string, issue: Issue): number {
  const url = issue.links?.html?.href;
  target.print(`monitors: drift issue #${issue.id} ${action}${url ? ` (${url})` : ''}.`);
  target.files.addOutput('MONITORS_DRIFT_ISSUE', String(issue.id));
  return 0;
}

/** No issue tracker: the report and the build status hold the drift; drift found is exit 2. */
function noTracker(target: CloudDrift, why: string): number {
  const { drift, print, files } = target;
  print(`monitors: no issue tracker to hold the drift (${why}); turn it on in Repository settings > Issue tracker.`);
  if (!drift.drift) return (print(`monitors: no drift: the live monitors match ${drift.path}.`), 0);
  print(`ERROR: the live monitors drift from ${drift.path}: the plan is in ${files.reportPath} (exit 2).`);
  return 2;
}
