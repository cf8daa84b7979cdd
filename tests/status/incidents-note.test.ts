// Why the incidents are missing, as `monitors status` says it: a 403 names the scope and
// the variable the token was really read from.
import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../src/api/status-errors.js';
import { MonitorsError } from '../../src/errors.js';
import { incidentsNotRead } from '../../src/status/incidents.js';

const forbidden = errorForStatus(
  { status: 403, json: { error: { code: 'forbidden', message: 'missing scope' } } },
  { method: 'GET', path: '/incidents', redact: (t) => t },
);

describe('incidentsNotRead', () => {
  it('says plainly that the token lacks incidents:read, naming MONITORS_API_TOKEN by default', () => {
    expect(incidentsNotRead(forbidden)).toBe(
      'Open incidents were not read: the token in MONITORS_API_TOKEN lacks the incidents:read scope (GET /incidents answered 403); the statuses are complete without it. To see incidents too, set MONITORS_API_TOKEN to a token with monitors:read and incidents:read (dashboard, settings, API).',
    );
  });

  it("names an environment's token variable and the setting that names it", () => {
    const note = incidentsNotRead(forbidden, {
      token: {
        variable: 'ACME_STAGING_TOKEN',
        namedBy: { setting: 'settings.environments.staging.token_env', at: 'settings.yaml:4:18' },
      },
      url: { source: 'MONITORS_API_URL' },
    });
    expect(note).toContain('the token in ACME_STAGING_TOKEN lacks the incidents:read scope');
    expect(note).toContain(
      'set ACME_STAGING_TOKEN (named by settings.environments.staging.token_env at settings.yaml:4:18) to a token',
    );
  });

  it('gives any other failure in its own words', () => {
    expect(incidentsNotRead(new MonitorsError('API_SERVER_ERROR', 'the API failed with 503 on GET /incidents'))).toBe(
      'Open incidents were not read: the API failed with 503 on GET /incidents; the statuses are complete without them.',
    );
    expect(incidentsNotRead(new Error('boom'))).toBe(
      'Open incidents were not read: the request failed; the statuses are complete without them.',
    );
  });
});
