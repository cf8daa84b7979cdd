// The workspace opener without a process: what a request opens (the environment chosen, the
// lock file's place, the lock from a file, a text or a branch, a client or none), and an
// unset variable as a refusal naming it or only a warning.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MonitorsError } from '../../src/errors.js';
import { serializeLock } from '../../src/lock/lock-file.js';
import type { LockFile } from '../../src/lock/types.js';
import { openWorkspace } from '../../src/workspace/open.js';
import type { WorkspaceRequest } from '../../src/workspace/request.js';
import { workspaceDir, writeLock } from './open-fixture.js';

const STAGING = { name: 'staging', via: '--env' } as const;

/** A request as a command makes it; what is said is kept in `said`. */
function request(root: string, over: Partial<WorkspaceRequest> = {}): WorkspaceRequest & { said: string[] } {
  const said: string[] = [];
  return {
    paths: ['monitors'],
    cwd: root,
    env: { SHOP_KEY: 'k', STAGING_TOKEN: 'staging-token' },
    environment: STAGING,
    command: 'plan',
    lock: {},
    client: 'none',
    missingVariable: 'error',
    hooks: { say: (text) => void said.push(text) },
    said,
    ...over,
  };
}

async function refusal(opening: Promise<unknown>): Promise<MonitorsError> {
  const error = await opening.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MonitorsError);
  return error as MonitorsError;
}

describe('openWorkspace', () => {
  it('opens the environment asked for: its monitors, its lock file beside the YAML, the lock and its text', async () => {
    const { root, yaml } = workspaceDir();
    const written = writeLock(path.join(yaml, 'monitors.staging.lock.json'), 'mon_1');
    const opened = await openWorkspace(request(root));
    expect(opened.desired.settings.environment?.name).toBe('staging');
    expect(opened.desired.monitors.map((m) => m.name)).toEqual(['home']);
    expect(opened.lockChoice.location).toEqual({
      path: path.join(yaml, 'monitors.staging.lock.json'),
      source: 'default',
      environment: 'staging',
    });
    expect(opened.lock).toEqual(written);
    expect(opened.lockText).toBe(serializeLock(written));
    expect(opened.api).toBeUndefined();
  });

  it('takes --lock as the file, relative to the working folder', async () => {
    const { root } = workspaceDir();
    writeLock(path.join(root, 'elsewhere.json'), 'mon_flag');
    const opened = await openWorkspace(request(root, { lock: { file: 'elsewhere.json' } }));
    expect(opened.lockChoice.location.source).toBe('flag');
    expect(opened.lock?.monitors.map((r) => r.id)).toEqual(['mon_flag']);
  });

  it('reads a lock given as text instead of the file, at the place the rule chose', async () => {
    const { root, yaml } = workspaceDir();
    writeLock(path.join(yaml, 'monitors.staging.lock.json'), 'mon_disk');
    const text = serializeLock({ format_version: 1, salt: 'salt-of-text', monitors: [] });
    const opened = await openWorkspace(request(root, { lock: { text } }));
    expect(opened.lock).toEqual({ format_version: 1, salt: 'salt-of-text', monitors: [] });
    expect(opened.lockText).toBe(text);
  });

  it('reads the lock from the branch at the place the rule chose', async () => {
    const { root, yaml } = workspaceDir();
    const asked: string[] = [];
    const onBranch: LockFile = { format_version: 1, salt: 'salt-of-branch', monitors: [] };
    const branch = (lockPath: string) => (asked.push(lockPath), Promise.resolve(onBranch));
    const opened = await openWorkspace(request(root, { lock: { branch } }));
    expect(asked).toEqual([path.join(yaml, 'monitors.staging.lock.json')]);
    expect(opened.lock).toEqual(onBranch);
    expect(opened.lockText).toBe(serializeLock(onBranch));
  });

  it('reads no lock with `none`, and makes a client of the environment with `later`', async () => {
    const { root, yaml } = workspaceDir();
    writeLock(path.join(yaml, 'monitors.staging.lock.json'), 'mon_1');
    const opened = await openWorkspace(request(root, { lock: { none: true }, client: 'later' }));
    try {
      expect(opened.lock).toBeUndefined();
      expect(opened.api?.baseUrl).toBe('http://127.0.0.1:9/api/v1');
    } finally {
      await opened.api?.close();
    }
  });

  it('refuses an unset variable as an error, naming it and where it is referenced, after saying the problem', async () => {
    const { root } = workspaceDir();
    const asked = request(root, { env: { STAGING_TOKEN: 't' } });
    const error = await refusal(openWorkspace(asked));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toMatch(/^environment variable SHOP_KEY \(referenced at .*shop\.yaml:\d+:\d+\) is not set/);
    expect(asked.said.join('')).toContain('SHOP_KEY');
  });

  it('opens with an unset variable as a warning: said, not refused', async () => {
    const { root } = workspaceDir();
    const asked = request(root, { env: {}, missingVariable: 'warning' });
    const opened = await openWorkspace(asked);
    expect(opened.desired.monitors.map((m) => m.name)).toEqual(['home']);
    expect(asked.said.join('')).toContain('SHOP_KEY');
  });

  it('chooses the environment: one is required once the set declares them, and an unknown one is refused', async () => {
    const { root } = workspaceDir();
    expect((await refusal(openWorkspace(request(root, { environment: undefined })))).code).toBe('ENV_REQUIRED');
    const unknown = await refusal(openWorkspace(request(root, { environment: { name: 'stagin', via: '--env' } })));
    expect(unknown.code).toBe('ENV_UNKNOWN');
    expect(unknown.message).toContain('did you mean "staging"?');
    const production = await openWorkspace(request(root, { environment: { name: 'production', via: 'MONITORS_ENV' } }));
    expect(production.lockChoice.location.path).toMatch(/monitors\.production\.lock\.json$/);
  });

  it('refuses an environment named for a set that declares none', async () => {
    const { root } = workspaceDir({ plain: true });
    expect((await refusal(openWorkspace(request(root)))).code).toBe('ENV_NOT_DECLARED');
    const opened = await openWorkspace(request(root, { environment: undefined }));
    expect(opened.lockChoice.location.path).toBe(path.join(root, 'monitors', 'monitors.lock.json'));
  });

  it('loads the set of files named one by one only when asked (wholeSet), keeping which were named', async () => {
    const { root, yaml } = workspaceDir({ plain: true });
    const asGiven = await openWorkspace(request(root, { environment: undefined, paths: ['monitors/shop.yaml'] }));
    expect(asGiven.named).toBeUndefined();
    const whole = await openWorkspace(
      request(root, { environment: undefined, paths: ['monitors/shop.yaml'], wholeSet: true }),
    );
    expect(whole.named).toEqual({ files: [path.join(yaml, 'shop.yaml')], folder: yaml });
    expect(whole.paths).toEqual([yaml]);
  });
});
