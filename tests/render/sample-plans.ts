// Representative plans for the golden renderings, made by the real planner from fixed inputs.
import type { Plan } from '../../src/plan/types.js';
import { desired, input, legacyRecordOf, liveOf, lockOf, monitorId, plan, recordOf, state } from '../plan/fixtures.js';

export const SECRET = 'sekret-render-ONE';
const X = monitorId(1);
const Y = monitorId(2);
const Z = monitorId(3);
const W = monitorId(4);
const V = monitorId(5);
const STALE = monitorId(9);

/**
 * One of everything: a create with a secret and a multi-line body; a replace with a
 * multi-line headers diff plus a hidden field changed since the last apply; a rename; a
 * delete with an open incident; an unmanaged monitor; a monitor-limit warning; a stale note.
 */
export function mixedPlan(): Plan {
  const checkout = desired(
    'checkout api',
    {
      method: 'POST',
      body: '{\n  "sku": "A-1",\n  "qty": 1\n}',
      auth_type: 'bearer',
      auth_secret: SECRET,
      tags: 'shop, api',
    },
    { envRefs: { auth_secret: '${env:CHECKOUT_TOKEN}' } },
  );
  const home = desired('shop home', {
    headers: 'Accept: text/html\nX-Trace: on\nX-Region: eu',
    keyword: 'Add to cart',
    keyword_mode: 'present',
  });
  const homeBefore = desired('shop home', {
    headers: 'Accept: text/html\r\nX-Trace: off',
    keyword: 'Buy',
    keyword_mode: 'present',
  });
  const search = desired('search', { url: 'https://search.example.com/' });
  return plan(
    state([checkout, home, search], [{ from: 'search (old)', to: 'search' }]),
    [
      liveOf(
        X,
        input('shop home', { headers: 'Accept: text/html\r\nX-Trace: off', keyword: 'Buy', keyword_mode: 'present' }),
        'spec',
        { headers: 'Accept: text/html\r\nX-Trace: off' },
      ),
      liveOf(Y, input('search (old)', { url: 'https://search.example.com/' }), 'spec'),
      liveOf(Z, input('legacy | ping'), 'spec'),
      liveOf(W, input('dashboard probe'), 'spec'),
    ],
    lockOf([
      recordOf(X, homeBefore),
      recordOf(Y, desired('search (old)', { url: 'https://search.example.com/' })),
      recordOf(Z, desired('legacy | ping')),
      { id: STALE, name: 'vanished', fingerprint: null },
    ]),
    { monitorLimit: { limit: 3, usage: 4 }, openIncidentMonitorIds: new Set([Z]) },
  );
}

/**
 * Changes the listing cannot show: a rotated secret, a hidden multi-line body (its old value
 * kept by the lock), a keyword whose record was written before values were kept, a monitor
 * with no record.
 */
export function hiddenChangesPlan(): Plan {
  const rotated = (secret: string) =>
    desired(
      'billing',
      { auth_type: 'basic', auth_username: 'ops', auth_secret: secret },
      { envRefs: { auth_secret: '${env:BILLING_PASS}' } },
    );
  const webhook = (body: string) => desired('webhook `v2`', { method: 'POST', body });
  const pricing = (keyword: string) => desired('pricing', { type: 'keyword', keyword, keyword_mode: 'present' });
  return plan(
    state([rotated(SECRET), webhook('line one\nline two\nline three'), desired('status page'), pricing('EUR')]),
    [
      liveOf(X, input('billing', { auth_type: 'basic', auth_username: 'ops' }), 'spec'),
      liveOf(Y, input('webhook `v2`', { method: 'POST' }), 'spec'),
      liveOf(Z, input('status page'), 'spec'),
      liveOf(W, input('pricing', { type: 'keyword' }), 'spec'),
    ],
    lockOf([
      recordOf(X, rotated('sekret-render-TWO')),
      recordOf(Y, webhook('line one\nline 2')),
      legacyRecordOf(W, pricing('USD')),
    ]),
  );
}

export function noChangesPlan(): Plan {
  const monitors = ['alpha', 'beta', 'gamma'].map((n) => desired(n));
  return plan(
    state(monitors),
    [
      ...monitors.map((m, i) => liveOf(monitorId(i + 1), input(m.name), 'spec')),
      liveOf(V, input('made by hand'), 'spec'),
    ],
    lockOf(monitors.map((m, i) => recordOf(monitorId(i + 1), m))),
  );
}
