// Which live monitors `export --name/--id` adopts: the option checks (before any request)
// and the selection over a listing (refusals name what to do; duplicates are never guessed).
import { describe, expect, it } from 'vitest';
import { parseSelection } from '../../../src/export/adopt/options.js';
import { selectLive } from '../../../src/export/adopt/select.js';
import { full, id } from '../fixtures.js';
import { refusal } from './tree.js';

const LIVE = [
  full(id(1), 'shop: home', {}),
  full(id(2), 'shop: checkout', {}),
  full(id(3), 'blog', {}),
  full(id(4), 'twin', {}),
  full(id(5), 'twin', {}),
  full(id(6), 'api [eu]', {}),
  full(id(7), 'cafe\u0301', {}),
];

const select = (names: string[], ids: string[] = []) =>
  selectLive(LIVE, { names, ids }).map((s) => `${s.live.id.slice(-2)} ${s.live.name}${s.pinned ? ' (pinned)' : ''}`);

describe('parseSelection', () => {
  it('is undefined without --name and --id (a whole-workspace export), and keeps each value once', () => {
    expect(parseSelection(undefined, undefined)).toBeUndefined();
    expect(parseSelection([], [])).toBeUndefined();
    expect(parseSelection(['a*', 'a*', 'b'], [id(1), id(1)])).toEqual({ names: ['a*', 'b'], ids: [id(1)] });
  });

  it('refuses an empty --name or --id as BAD_OPTION (an unset shell variable is not "everything")', () => {
    expect(refusal(() => parseSelection(['  '], undefined))).toMatchObject({
      code: 'BAD_OPTION',
      message: '--name needs a monitor name or a glob, not an empty string',
    });
    expect(refusal(() => parseSelection(undefined, ['']))).toMatchObject({
      code: 'BAD_OPTION',
      message: '--id needs a monitor id, not an empty string',
    });
  });

  it('refuses an id not of the spec form, offering the upper-case one when that is valid', () => {
    expect(refusal(() => parseSelection(undefined, [id(1).toLowerCase()]))).toMatchObject({
      code: 'BAD_OPTION',
      message: `--id "${id(1).toLowerCase()}" is not a monitor id: 26 characters, digits and capital letters without I, L, O and U; did you mean ${id(1)}?`,
    });
    expect(refusal(() => parseSelection(undefined, ['01J0000000000000000000000I'])).message).not.toContain(
      'did you mean',
    );
    expect(refusal(() => parseSelection(undefined, ['01J00'])).code).toBe('BAD_OPTION');
  });
});

describe('selectLive', () => {
  it('selects by glob and by id, either one selecting, in listing order', () => {
    expect(select(['shop: *'])).toEqual(['01 shop: home', '02 shop: checkout']);
    expect(select(['blog'], [id(1)])).toEqual(['01 shop: home', '03 blog']);
    expect(select(['shop: h?me', 'shop: [c]*'])).toEqual(['01 shop: home', '02 shop: checkout']);
  });

  it('matches a name holding glob characters itself, and names in Unicode NFC', () => {
    expect(select(['api [eu]'])).toEqual(['06 api [eu]']);
    expect(select(['caf\u00e9'])).toEqual(['07 cafe\u0301']);
  });

  it('pins a monitor chosen by --id whose name another live monitor has', () => {
    expect(select([], [id(4)])).toEqual(['04 twin (pinned)']);
  });

  it('refuses a name two selected monitors share, naming both ids', () => {
    expect(refusal(() => select(['tw*']))).toEqual({
      code: 'EXPORT_DUPLICATE_NAME',
      message: `several selected live monitors share a name, and the tool matches monitors by name: "twin" (ids ${id(4)}, ${id(5)}); nothing was written`,
      hint: 'Adopt one of them with --id ID (the YAML then pins it with `id:`), or rename the others in the dashboard first.',
    });
    expect(refusal(() => select([], [id(4), id(5)])).code).toBe('EXPORT_DUPLICATE_NAME');
  });

  it('refuses a pattern that matches no live monitor, with the closest names', () => {
    expect(refusal(() => select(['shop: chekout']))).toMatchObject({
      code: 'EXPORT_NAME_UNKNOWN',
      message: '--name "shop: chekout" matches no live monitor, so nothing was written; did you mean "shop: checkout"?',
    });
  });

  it('refuses an id not in the listing, saying how many were listed and how to reach another workspace', () => {
    expect(refusal(() => select([], [id(1), id(98), id(99)]))).toMatchObject({
      code: 'EXPORT_ID_UNKNOWN',
      message: `--id ${id(98)}, ${id(99)} are not among the 7 live monitors of the workspace; nothing was written`,
    });
  });
});
