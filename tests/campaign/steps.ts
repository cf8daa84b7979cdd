// The kinds of step a round is made of: edits of the YAML (the model changes, the files are
// written before the next CLI run) and changes made out of band through the server, as in
// the dashboard. Each kind is one entry of STEP_KINDS: a weight and a function that does
// the step when it applies to the state at hand and says in one line what it did. A new
// kind is one more entry (`removed:` is one; `--target` and `--replace` are options of the
// first apply, lifecycle.ts).
import type { ServerUnderTest } from '../helpers/servers-under-test.js';
import {
  DOMAINS,
  FILES,
  REGIONS,
  SECRET_VARS,
  desiredNames,
  expectedBodies,
  field,
  removeField,
  setField,
  templateName,
  type Entry,
  type RepoModel,
  type RunOptions,
} from './model.js';
import type { Rng } from './random.js';

/** What persists from round to round besides the repository. */
export interface HistoryState {
  repo: RepoModel;
  /** The fields each name had when it was first added: re-adding a name with its first body is how issue 27's defect began. */
  firstFields: Map<string, [string, unknown][]>;
  /** Managed monitors live now, name -> id (as of the last convergence, then as the round's out-of-band steps left them). */
  managedLive: Map<string, string>;
  /** Monitors made in the dashboard or forgotten (`removed:`): id -> what the server held then (must never change). */
  unmanaged: Map<string, string>;
  /** Monitors forgotten with `removed:`: id -> the name the YAML had (their lock record must be gone). */
  forgotten: Map<string, string>;
  /** Names the unmanaged monitors have: the YAML never asks for them (it would adopt the monitor). */
  reserved: Set<string>;
  /** Every secret value ever used (no output or file may hold one). */
  secretsEver: Set<string>;
  fresh: number;
  /** Changes made to the server so far (writes that took, out-of-band steps): a saved plan made at another count is stale. */
  epoch: number;
  /** The last saved plan (`plan --out`), kept to be applied in the round it was made or later. */
  savedPlan?: SavedPlanState;
}

export interface SavedPlanState {
  round: number;
  epoch: number;
  /** The repository it was made from: once applied, the server holds this. */
  at: RepoModel;
  /** The secret variables its bodies read, and their values then. */
  used: Set<string>;
  secrets: Record<string, string>;
  /** Its `--target` / `--replace` (a saved plan keeps them). */
  options: RunOptions;
}

/** What one round did so far, for the steps that follow and for the checks. */
export interface RoundState {
  /** Names no YAML step may touch this round (a duplicate of them was made out of band). */
  frozen: Set<string>;
  /** Names a YAML step renamed, deleted or added this round (no duplicate of them). */
  touched: Set<string>;
  /** A monitor made in the dashboard under a managed name this round. */
  duplicate?: { name: string; id: string };
  /** Out-of-band steps done this round (after a saved plan: it must be refused). */
  outOfBand: number;
  /** Secret variables rotated this round. */
  rotated: Set<string>;
  /** Only steps that change nothing on the server (reorders, moves between files) so far. */
  onlyNoOps: boolean;
  /** A saved plan was made this round: a forget after it would meet a reviewed write of the same monitor. */
  savedPlanMade?: boolean;
}

export interface StepContext {
  h: HistoryState;
  r: RoundState;
  rng: Rng;
  server: ServerUnderTest;
}

export interface StepKind {
  name: string;
  weight: number;
  /** Changes the monitors the server must hold (false: a reorder, a move between files). */
  changes: boolean;
  outOfBand: boolean;
  /** Does the step; undefined when it does not apply to the state at hand. */
  run(ctx: StepContext): Promise<string | undefined> | string | undefined;
}

export const NAME_POOL = Array.from({ length: 12 }, (_, i) => `svc-${i}`);
const PATHS = ['', 'health', 'status', 'api/ping'];
const TAGS = ['team-a', 'tier-1', 'shop', 'edge'];
const LOCATIONS = ['eu-west', 'us-east', 'ap-south'];

export function newFields(rng: Rng, name: string): [string, unknown][] {
  const fields: [string, unknown][] = [
    ['url', `https://${name}.example.com/${rng.pick(PATHS)}`],
    ['timeout_seconds', rng.int(2, 30)],
  ];
  if (rng.chance(0.3)) fields.push(['tags', rng.shuffle(TAGS).slice(0, rng.int(1, 3)).join(', ')]);
  if (rng.chance(0.2)) fields.push(['group', rng.pick(['shop', 'ops'])]);
  if (rng.chance(0.25)) {
    const locations = rng.shuffle(LOCATIONS).slice(0, rng.int(1, 3));
    fields.push(['locations', locations]);
    if (locations.length > 1) fields.push(['execution_mode', 'multi_location']);
  }
  if (rng.chance(0.15)) fields.push(['headers', `X-Check: ${rng.token(4)}`]);
  if (rng.chance(0.25)) fields.push(['auth_type', 'bearer'], ['auth_secret', `\${env:${rng.pick(SECRET_VARS)}}`]);
  return rng.shuffle(fields);
}

// ---- helpers ------------------------------------------------------------------------

const tagsOf = (e: Entry): string[] => {
  const tags = field(e, 'tags');
  return typeof tags === 'string' ? tags.split(', ') : [];
};

const editable = (ctx: StepContext) => ctx.h.repo.entries.filter((e) => !ctx.r.frozen.has(e.name));
const movedFrom = (repo: RepoModel) => new Set(repo.moved.map((m) => m.from));

/** A name the YAML may take now: not defined, not reserved, not the `from` or `to` of a rename this round. */
function freeNames(ctx: StepContext, pool: readonly string[]): string[] {
  const taken = desiredNames(ctx.h.repo);
  const moved = new Set(ctx.h.repo.moved.flatMap((m) => [m.from, m.to]));
  return pool.filter((n) => !taken.has(n) && !ctx.h.reserved.has(n) && !moved.has(n) && !ctx.r.frozen.has(n));
}

function differentInt(rng: Rng, min: number, max: number, current: unknown): number {
  for (;;) {
    const v = rng.int(min, max);
    if (v !== current) return v;
  }
}

/** A managed monitor live now whose name no YAML step renamed or deleted this round and that is not frozen. */
function liveManaged(ctx: StepContext): [string, string][] {
  return [...ctx.h.managedLive].filter(([name]) => !ctx.r.frozen.has(name));
}

// ---- YAML steps ---------------------------------------------------------------------

const add: StepKind = {
  name: 'yaml.add',
  weight: 3,
  changes: true,
  outOfBand: false,
  run({ h, r, rng }) {
    const free = freeNames({ h, r, rng } as StepContext, NAME_POOL);
    if (free.length === 0) return undefined;
    const again = free.filter((n) => h.firstFields.has(n));
    const readd = again.length > 0 && rng.chance(0.5);
    const name = readd ? rng.pick(again) : rng.pick(free);
    const fields = readd ? structuredClone(h.firstFields.get(name)!) : newFields(rng, name);
    if (!h.firstFields.has(name)) h.firstFields.set(name, structuredClone(fields));
    h.repo.entries.push({ name, file: rng.pick(FILES), fields });
    r.touched.add(name);
    return readd ? `add "${name}" again, with the body it first had` : `add "${name}"`;
  },
};

const editVisible: StepKind = {
  name: 'yaml.edit-visible',
  weight: 2,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const entries = editable(ctx);
    if (entries.length === 0) return undefined;
    const e = ctx.rng.pick(entries);
    const what = ctx.rng.pick(['timeout_seconds', 'interval_seconds', 'url'] as const);
    if (what === 'timeout_seconds') setField(e, what, differentInt(ctx.rng, 2, 30, field(e, what)));
    else if (what === 'interval_seconds') {
      const now = field(e, what) ?? 300;
      setField(e, what, ctx.rng.pick([120, 300, 600, 900].filter((v) => v !== now)));
    } else {
      const now = field(e, 'url');
      const next = PATHS.map((p) => `https://${e.name}.example.com/${p}`).filter((u) => u !== now);
      setField(e, 'url', ctx.rng.pick(next));
    }
    return `edit ${what} of "${e.name}" (listed by the server)`;
  },
};

const editHidden: StepKind = {
  name: 'yaml.edit-hidden',
  weight: 2,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const entries = editable(ctx);
    if (entries.length === 0) return undefined;
    const { rng } = ctx;
    const e = rng.pick(entries);
    const what = rng.pick(['tags', 'group', 'retry_count', 'headers', 'locations', 'slow_threshold_ms'] as const);
    const has = field(e, what) !== undefined;
    if (has && rng.chance(0.3) && what !== 'retry_count' && what !== 'slow_threshold_ms') {
      removeField(e, what);
      if (what === 'locations') removeField(e, 'execution_mode');
      return `remove ${what} of "${e.name}" (not listed by the server)`;
    }
    if (what === 'tags') setField(e, what, `${rng.pick(TAGS)}, ${rng.token(3)}`);
    if (what === 'group') setField(e, what, `g-${rng.token(3)}`);
    if (what === 'retry_count') setField(e, what, differentInt(rng, 0, 5, field(e, what) ?? 1));
    if (what === 'headers') setField(e, what, `X-Check: ${rng.token(5)}`);
    if (what === 'locations') {
      // Two or more need multi_location (single_location takes at most one).
      const locations = rng.chance(0.5) ? [rng.pick(LOCATIONS)] : [rng.pick(LOCATIONS), `x-${rng.token(3)}`];
      setField(e, what, locations);
      if (locations.length > 1) setField(e, 'execution_mode', 'multi_location');
      else removeField(e, 'execution_mode');
    }
    if (what === 'slow_threshold_ms') setField(e, what, differentInt(rng, 1, 20, field(e, what)) * 100);
    return `edit ${what} of "${e.name}" (not listed by the server)`;
  },
};

const auth: StepKind = {
  name: 'yaml.auth',
  weight: 1,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const entries = editable(ctx);
    if (entries.length === 0) return undefined;
    const e = ctx.rng.pick(entries);
    if (field(e, 'auth_secret') !== undefined) {
      removeField(e, 'auth_type');
      removeField(e, 'auth_secret');
      return `"${e.name}" no longer authenticates`;
    }
    const variable = ctx.rng.pick(SECRET_VARS);
    setField(e, 'auth_type', 'bearer');
    setField(e, 'auth_secret', `\${env:${variable}}`);
    return `"${e.name}" sends a bearer secret from ${variable}`;
  },
};

const rotate: StepKind = {
  name: 'yaml.rotate-secret',
  weight: 1,
  changes: true,
  outOfBand: false,
  run({ h, r, rng }) {
    const variable = rng.pick(SECRET_VARS);
    const value = `sk-${rng.token(6)}-${rng.token(10)}`;
    h.repo.secrets[variable] = value;
    h.secretsEver.add(value);
    r.rotated.add(variable);
    return `rotate the secret in ${variable}`;
  },
};

const reorder: StepKind = {
  name: 'yaml.reorder',
  weight: 1.5,
  changes: false,
  outOfBand: false,
  run({ h, rng }) {
    const repo = h.repo;
    const lists = repo.entries.filter(
      (e) =>
        (Array.isArray(field(e, 'locations')) && (field(e, 'locations') as string[]).length > 1) ||
        tagsOf(e).length > 1,
    );
    const how = rng.pick(['keys', 'entries', 'lists', 'regions'] as const);
    if (how === 'keys' && repo.entries.length > 0) {
      const e = rng.pick(repo.entries);
      e.fields = rng.shuffle(e.fields);
      return `reorder the keys of "${e.name}"`;
    }
    if (how === 'lists' && lists.length > 0) {
      const e = rng.pick(lists);
      const locations = field(e, 'locations');
      if (Array.isArray(locations) && locations.length > 1) setField(e, 'locations', [...locations].reverse());
      else setField(e, 'tags', tagsOf(e).reverse().join(', '));
      return `reorder a list of "${e.name}"`;
    }
    if (how === 'regions' && repo.template.regions.length > 1) {
      repo.template.regions = rng.shuffle(repo.template.regions);
      return 'reorder the template regions';
    }
    repo.entries = rng.shuffle(repo.entries);
    return 'reorder the monitors in their files';
  },
};

const rename: StepKind = {
  name: 'yaml.rename',
  weight: 1.5,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const { h, r, rng } = ctx;
    const from = movedFrom(h.repo);
    const entries = editable(ctx).filter((e) => !r.touched.has(e.name) && !e.pin && !from.has(e.name));
    // Not a name live now: renaming onto a monitor that exists is refused (PLAN_MOVED_BOTH_EXIST), rightly.
    const free = freeNames(ctx, NAME_POOL).filter((n) => !h.managedLive.has(n));
    if (entries.length === 0 || free.length === 0) return undefined;
    const e = rng.pick(entries);
    const to = rng.pick(free);
    h.repo.moved.push({ from: e.name, to });
    r.touched.add(e.name).add(to);
    if (!h.firstFields.has(to)) h.firstFields.set(to, structuredClone(e.fields));
    const old = e.name;
    e.name = to;
    return `rename "${old}" to "${to}" with moved:`;
  },
};

const remove: StepKind = {
  name: 'yaml.delete',
  weight: 1.5,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const entries = editable(ctx).filter((e) => !ctx.h.repo.moved.some((m) => m.to === e.name));
    if (entries.length === 0) return undefined;
    const e = ctx.rng.pick(entries);
    ctx.h.repo.entries = ctx.h.repo.entries.filter((x) => x !== e);
    ctx.r.touched.add(e.name);
    return `delete "${e.name}" from the YAML`;
  },
};

const moveFile: StepKind = {
  name: 'yaml.move-file',
  weight: 1,
  changes: false,
  outOfBand: false,
  run({ h, rng }) {
    if (h.repo.entries.length === 0) return undefined;
    const e: Entry = rng.pick(h.repo.entries);
    e.file = e.file === 'a' ? 'b' : 'a';
    return `move "${e.name}" to ${e.file}.yaml`;
  },
};

const template: StepKind = {
  name: 'yaml.template',
  weight: 1.5,
  changes: true,
  outOfBand: false,
  run({ h, r, rng }) {
    const t = h.repo.template;
    const absent = REGIONS.filter(
      (x) => !t.regions.includes(x) && !h.reserved.has(templateName(x)) && !r.frozen.has(templateName(x)),
    );
    const removable = t.regions.filter((x) => !r.frozen.has(templateName(x)));
    const how = rng.pick(['domain', 'interval', 'add', 'remove', 'tags'] as const);
    if (how === 'add' && absent.length > 0) {
      const region = rng.pick(absent);
      t.regions.push(region);
      r.touched.add(templateName(region));
      return `for_each gains region ${region}`;
    }
    if (how === 'remove' && t.regions.length > 1 && removable.length > 0) {
      const region = rng.pick(removable);
      t.regions = t.regions.filter((x) => x !== region);
      r.touched.add(templateName(region));
      return `for_each loses region ${region}`;
    }
    if (how === 'interval') {
      t.interval = rng.pick([120, 300, 600].filter((v) => v !== t.interval));
      return `var interval = ${t.interval}`;
    }
    if (how === 'tags') {
      t.tags = `tpl, ${rng.token(4)}`;
      return 'template tags changed (not listed by the server)';
    }
    t.domain = DOMAINS.find((d) => d !== t.domain)!;
    return `var domain = ${t.domain}`;
  },
};

const forget: StepKind = {
  name: 'yaml.forget',
  weight: 1,
  changes: true,
  outOfBand: false,
  run(ctx) {
    const { h, r, rng, server } = ctx;
    const moved = new Set(h.repo.moved.flatMap((m) => [m.from, m.to]));
    // A monitor live under its YAML name, not added, renamed or duplicated this round.
    const entries = editable(ctx).filter(
      (e) => !r.touched.has(e.name) && !moved.has(e.name) && h.managedLive.has(e.name) && !r.savedPlanMade,
    );
    if (entries.length === 0) return undefined;
    const e = rng.pick(entries);
    const id = h.managedLive.get(e.name)!;
    h.repo.entries = h.repo.entries.filter((x) => x !== e);
    h.repo.removed.push({ name: e.name, file: rng.pick(FILES) });
    // From now on it is unmanaged: never written again, and its name never asked for again (that would adopt it).
    h.managedLive.delete(e.name);
    h.unmanaged.set(id, snapshotOf(server, id));
    h.forgotten.set(id, e.name);
    h.reserved.add(e.name);
    r.touched.add(e.name);
    r.frozen.add(e.name);
    return `forget "${e.name}" with a removed: entry`;
  },
};

// ---- out-of-band steps (the dashboard) -------------------------------------------------

const oobEdit: StepKind = {
  name: 'oob.edit',
  weight: 1.2,
  changes: true,
  outOfBand: true,
  async run(ctx) {
    const live = liveManaged(ctx);
    if (live.length === 0) return undefined;
    const [name, id] = ctx.rng.pick(live);
    if (ctx.rng.chance(0.3)) {
      const renamed = `dash-${ctx.h.fresh++}`;
      await ctx.server.editOutOfBand(id, { name: renamed });
      ctx.h.managedLive.delete(name);
      ctx.h.managedLive.set(renamed, id);
      return `rename "${name}" to "${renamed}" in the dashboard`;
    }
    const current = ctx.server.monitors().find((m) => m.id === id)?.input.timeout_seconds;
    const timeout = differentInt(ctx.rng, 2, 60, current);
    await ctx.server.editOutOfBand(id, { timeout_seconds: timeout });
    return `edit timeout_seconds of "${name}" in the dashboard`;
  },
};

const oobDelete: StepKind = {
  name: 'oob.delete',
  weight: 1,
  changes: true,
  outOfBand: true,
  async run(ctx) {
    // Not a monitor the YAML pins with `id:`: its plan then stops with PLAN_PINNED_ID_MISSING, rightly.
    const pinned = new Set(ctx.h.repo.entries.map((e) => e.pin));
    const live = liveManaged(ctx).filter(([, id]) => !pinned.has(id));
    if (live.length === 0) return undefined;
    const [name, id] = ctx.rng.pick(live);
    await ctx.server.deleteOutOfBand(id);
    ctx.h.managedLive.delete(name);
    return `delete "${name}" in the dashboard`;
  },
};

const oobUnmanaged: StepKind = {
  name: 'oob.unmanaged',
  weight: 0.8,
  changes: false,
  outOfBand: true,
  async run({ h, server, rng }) {
    const name = `manual-${h.fresh++}`;
    const body = { ...expectedBody(h, undefined), name, url: `https://manual.example.com/${rng.token(4)}` };
    const id = await server.createOutOfBand(body);
    h.unmanaged.set(id, snapshotOf(server, id));
    h.reserved.add(name);
    return `make the unmanaged monitor "${name}" in the dashboard`;
  },
};

const oobDuplicate: StepKind = {
  name: 'oob.duplicate',
  weight: 0.6,
  changes: true,
  outOfBand: true,
  async run(ctx) {
    const { h, r } = ctx;
    if (r.duplicate) return undefined;
    const desired = expectedBodies(h.repo);
    const live = liveManaged(ctx).filter(
      ([name]) => desired.has(name) && !r.touched.has(name) && !h.reserved.has(name),
    );
    if (live.length === 0) return undefined;
    const [name] = ctx.rng.pick(live);
    const { auth_secret: _secret, ...body } = desired.get(name)!;
    const id = await ctx.server.createOutOfBand({ ...body, auth_type: 'none' });
    r.duplicate = { name, id };
    r.frozen.add(name);
    return `make a second monitor named "${name}" in the dashboard`;
  },
};

/** A body the defaults make valid, for monitors made in the dashboard. */
function expectedBody(h: HistoryState, name: string | undefined): Record<string, unknown> {
  const any = expectedBodies({ ...h.repo, entries: [], template: { ...h.repo.template, regions: ['eu'] } });
  const { name: _n, ...body } = any.get(templateName('eu'))!;
  return name === undefined ? body : { ...body, name };
}

/** What must never change of a monitor the tool does not manage. */
export function snapshotOf(server: ServerUnderTest, id: string): string {
  const m = server.monitors().find((x) => x.id === id);
  return JSON.stringify(m ?? null);
}

export const STEP_KINDS: readonly StepKind[] = [
  add,
  editVisible,
  editHidden,
  auth,
  rotate,
  reorder,
  rename,
  remove,
  moveFile,
  template,
  oobEdit,
  oobDelete,
  oobUnmanaged,
  oobDuplicate,
  forget,
  // `--target` and `--replace` are options of the round's first apply (lifecycle.ts), not steps.
];

/** Draws and does `count` steps (a kind that does not apply is drawn again, a bounded number of times). */
export async function drawSteps(
  ctx: StepContext,
  count: number,
  allow: (kind: StepKind) => boolean = () => true,
): Promise<string[]> {
  const kinds = STEP_KINDS.filter(allow);
  const done: string[] = [];
  for (let tries = 0; done.length < count && tries < count * 10; tries++) {
    const kind = ctx.rng.weighted(kinds.map((k) => [k, k.weight] as const));
    const said = await kind.run(ctx);
    if (said === undefined) continue;
    done.push(said);
    if (kind.changes) ctx.r.onlyNoOps = false;
    if (kind.outOfBand) {
      ctx.r.outOfBand += 1;
      ctx.h.epoch += 1;
    }
  }
  return done;
}
