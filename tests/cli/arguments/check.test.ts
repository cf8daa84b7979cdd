// `monitors check`'s arguments, parsed without a process: the defaults, --env all, curl's
// routes, the resolvers, and the options only --changed reads.
import { describe, expect, it } from 'vitest';
import { parseCheckArguments } from '../../../src/cli/arguments/check.js';
import { expectRefused } from './refused.js';

const base = { format: 'text', concurrency: '8' };

describe('parseCheckArguments', () => {
  it('gives the defaults', () => {
    expect(parseCheckArguments(base, {})).toEqual({
      format: 'text',
      concurrency: 8,
      resolve: [],
      connectTo: [],
      caFiles: [],
      dnsServers: [],
      rdapUrl: undefined,
      environment: undefined,
      changed: false,
    });
  });

  it('converts the routes, resolvers, RDAP server and --ca files, and takes --changed with its options', () => {
    const parsed = parseCheckArguments(
      {
        ...base,
        concurrency: '256',
        resolve: ['shop.example:443:127.0.0.1'],
        connectTo: ['shop.example:443:127.0.0.1:8443'],
        ca: ['ca.pem'],
        dnsServer: ['[::1]:53'],
        rdapUrl: 'https://rdap.example/',
        changed: true,
        lockBranch: 'state',
        apiUrl: 'https://api.example/api/v1',
        env: 'prod',
      },
      {},
    );
    expect(parsed).toMatchObject({
      concurrency: 256,
      resolve: [{ host: 'shop.example', port: 443, addresses: ['127.0.0.1'] }],
      connectTo: [{ host: 'shop.example', port: 443, toHost: '127.0.0.1', toPort: 8443 }],
      caFiles: ['ca.pem'],
      dnsServers: ['[::1]:53'],
      rdapUrl: 'https://rdap.example/',
      changed: true,
      environment: { name: 'prod', via: '--env' },
    });
  });

  it('refuses each bad value with its message', () => {
    expectRefused(
      () => parseCheckArguments({ ...base, concurrency: '257' }, {}),
      'BAD_OPTION',
      '--concurrency must be a whole number from 1 to 256, not "257"',
    );
    expectRefused(
      () => parseCheckArguments({ ...base, dnsServer: ['dns.example'] }, {}),
      'BAD_OPTION',
      '--dns-server dns.example is not an IP address with an optional port',
    );
    expectRefused(
      () => parseCheckArguments({ ...base, rdapUrl: 'ftp://x' }, {}),
      'BAD_OPTION',
      '--rdap-url must be an http(s) URL, not "ftp://x"',
    );
    expectRefused(
      () => parseCheckArguments({ ...base, resolve: ['nonsense'] }, {}),
      'BAD_OPTION',
      /^--resolve nonsense: /,
    );
    expectRefused(
      () => parseCheckArguments({ ...base, connectTo: ['https://x:443::'] }, {}),
      'BAD_OPTION',
      '--connect-to https://x:443::: HOST is a host name, not a URL',
    );
    expectRefused(() => parseCheckArguments({ ...base, format: 'svg' }, {}), 'BAD_OPTION', /^--format must be/);
  });

  it('refuses --lock-branch and --api-url without --changed, whose plan alone reads them', () => {
    expectRefused(
      () => parseCheckArguments({ ...base, lockBranch: 'state' }, {}),
      'BAD_OPTION',
      '--lock-branch needs --changed (only the plan of --changed reads the lock file and the API)',
    );
    expectRefused(
      () => parseCheckArguments({ ...base, apiUrl: 'https://api.example/api/v1' }, {}),
      'BAD_OPTION',
      '--api-url needs --changed (only the plan of --changed reads the lock file and the API)',
    );
  });
});
