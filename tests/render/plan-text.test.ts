// The terminal view with names, ids and values from a hostile server: only the renderer's
// own colour codes reach the terminal; every other control character is a visible escape.
import { describe, expect, it } from 'vitest';
import { renderPlanText } from '../../src/render/plan-text.js';
import { printable } from '../../src/model/printable.js';
import { desired, input, liveOf, lockOf, monitorId, plan, recordOf, state } from '../plan/fixtures.js';

const ESC = '\u001b';
const EVIL = `x${ESC}]0;PWNED\u0007${ESC}[2J\u009b1m\u202Ey`;
const SGR = /\u001b\[[0-9;]*m/g;
/** Any control character but the newline that ends each line. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function hostilePlan() {
  const X = monitorId(1);
  const Y = monitorId(2);
  const home = desired('shop home', { headers: 'X-A: 1\nX-B: 2', group: 'shop' });
  return plan(
    state([home], [], { kind: 'lock' }),
    [
      liveOf(
        X,
        input('shop home', {
          url: `https://shop.example.com/${EVIL}`,
          group: `g${EVIL}`,
          headers: `X-A: 1\nX-B: ${EVIL}`,
        }),
        'full',
      ),
      liveOf(Y, input(`gone ${EVIL}`), 'spec', { id: `${Y}${ESC}[2J` }),
      liveOf(monitorId(3), input(`dashboard ${EVIL}`), 'spec'),
    ],
    lockOf([
      recordOf(X, home),
      { id: `${Y}${ESC}[2J`, name: `gone ${EVIL}`, fingerprint: null },
      { id: monitorId(9), name: `stale ${EVIL}`, fingerprint: null },
    ]),
  );
}

describe('renderPlanText with control characters in the data', () => {
  const p = hostilePlan();

  it('the plan really carries them (names, ids, old values, multi-line values, notes)', () => {
    const all = JSON.stringify(p);
    expect(all).toContain('\\u001b');
    expect(p.changes.map((c) => c.action)).toEqual(['replace', 'delete']);
    expect(p.unmanaged).toHaveLength(1);
    expect(p.notes.some((n) => n.includes(ESC))).toBe(true);
  });

  it('without colour: no control character but newlines', () => {
    const text = renderPlanText(p, { color: false });
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('dashboard x\\u001b]0;PWNED\\u0007\\u001b[2J\\u009b1m\\u202ey');
    expect(text).toContain('      - X-B: x\\u001b]0;PWNED');
  });

  it("with colour: removing the renderer's own SGR codes leaves no control character", () => {
    const text = renderPlanText(p, { color: true });
    expect(text).toMatch(SGR);
    expect(text.replace(SGR, '')).not.toMatch(RAW_CONTROL);
  });
});

describe('printable', () => {
  it('keeps printable text, accents and emoji as they are', () => {
    expect(printable('café ✓ 🚀 "quoted" \\ back')).toBe('café ✓ 🚀 "quoted" \\ back');
  });

  it('escapes C0, DEL, C1 and bidirectional controls', () => {
    expect(printable('a\u0000b\tc\nd\u007fe\u0085f\u202eg\u2066h')).toBe(
      'a\\u0000b\\u0009c\\u000ad\\u007fe\\u0085f\\u202eg\\u2066h',
    );
  });
});
