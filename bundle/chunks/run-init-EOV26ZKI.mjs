import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as p,b as d}from"./chunk-KBXGPFEL.mjs";import"./chunk-767O3SJL.mjs";import{a}from"./chunk-GSLEMFT6.mjs";import{a as w}from"./chunk-5AHM6CFI.mjs";import"./chunk-JBJVVJLC.mjs";import f from"node:path";function y(e,o,t){let i=Math.max(...o.map(r=>r.path.length)),n=[`Wrote a starter repository in ${e}:`,...o.map(r=>`  ${r.path.padEnd(i)}  ${r.what}`),"","Next steps:",...e==="."?[]:[`  cd ${e.includes(" ")?JSON.stringify(e):e}`],"  monitors validate                  # offline: valid as written; then make monitors/monitors.yaml yours","  export MONITORS_API_URL=https://YOUR-API/api/v1","  export MONITORS_API_TOKEN=...      # a token from the dashboard (settings, API); never in a file","  monitors plan                      # what apply would create; nothing changes yet","  monitors apply                     # asks before it changes anything","No account yet? `monitors sim` (in another terminal) runs a local simulator of the API: use the URL and token it prints."];return t!==void 0&&n.push(...d(t).nextSteps),`${n.join(`
`)}
`}function _(e){return`# Secrets for \${env:NAME} references: keep them out of git.
.env
.env.*
# Saved plans (monitors plan --out NAME.plan.json) and CI reports.
*.plan.json
monitors-ci/
node_modules/
${e?`# The lock file: CI keeps it on the branch monitors-state (apply --lock-branch), never on main.
monitors/monitors.lock.json
`:`# Commit the lock file (monitors/monitors.lock.json) after every apply: it is how plans see
# what the API does not return. It holds ids, names, values from the YAML and hashes, never a secret.
`}`}var g=`# Your monitors: each item under monitors: is one monitor, with the fields of the monitoring
# API's monitor input. Keep as many files as you like under monitors/ (any names).
# \`monitors validate\` checks them offline; \`monitors plan\` shows what \`monitors apply\`
# would change. The whole format: docs/yaml-format.md of the monitors package.

# Fields every monitor of THIS file starts from; a monitor's own fields win. The API
# requires all of these (and name and url, which each monitor sets).
defaults:
  type: http                       # the check: http, keyword, json, ping, tcp, udp, dns, ssl, domain, heartbeat
  method: GET                      # the HTTP method of http, keyword and json checks
  interval_seconds: 300            # how often it is checked: 120 or more, one of the intervals your workspace enables
  timeout_seconds: 10              # how long one check may take: 2 to 60
  retry_count: 1                   # a failed check is tried again at once this many times: 0 to 5
  confirmation_attempts: 2         # failed checks in a row before an incident opens (and alerts): 1 to 5
  slow_threshold_ms: 2000          # an answer slower than this is "degraded": 100 to 60000
  expected_status_min: 200         # the HTTP statuses that count as up: from this one...
  expected_status_max: 299         # ...to this one (100 to 599)
  max_redirects: 5                 # redirects followed at most, when follow_redirects is true
  auth_type: none                  # none, basic (auth_username, auth_secret) or bearer (auth_secret)
  execution_mode: single_location  # local, single_location, or multi_location (with locations: [...])
  consensus_threshold: 1           # multi_location: how many locations must see it fail: 1 to 5

monitors:
  # http: up when the URL answers with a status from expected_status_min to expected_status_max.
  - name: "example: home page"
    url: https://www.example.com/

  # keyword: an http check whose body must contain the keyword (keyword_mode: absent, must not).
  - name: "example: home page shows its title"
    type: keyword
    url: https://www.example.com/
    keyword: Example Domain

  # json: an http check of a JSON answer: json_pointer picks a value, compared with json_expected.
  - name: "example: API health"
    type: json
    url: https://api.example.com/health
    json_pointer: /status
    json_operator: equals          # equals, not_equals, exists, not_exists
    json_expected: ok
    # An API that needs a token: auth_type: bearer and auth_secret: \${env:EXAMPLE_API_TOKEN}.
    # Secrets are always written \${env:NAME}, read from the environment, never stored.

  # ssl: the host's certificate is valid, for minimum_tls_days more days at least (port 443 unless port: is set).
  - name: "example: TLS certificate"
    type: ssl
    url: www.example.com
    minimum_tls_days: 14

  # tcp: a connection to the host's port opens.
  - name: "example: mail server"
    type: tcp
    url: mail.example.com
    port: 25

  # dns: the host has records of dns_record_type (with dns_expected: that one among them).
  - name: "example: DNS"
    type: dns
    url: www.example.com
    dns_record_type: A

  # domain: the domain's registration runs for minimum_domain_days more days at least.
  - name: "example: domain registration"
    type: domain
    url: example.com
    minimum_domain_days: 30

  # ping: the host answers ping (ICMP echo).
  - name: "example: ping"
    type: ping
    url: www.example.com

# Also: udp (port, udp_payload and udp_expected in hex) and heartbeat (your job calls the
# monitor; heartbeat_grace_seconds). To rename a monitor and keep its history, declare
# the rename under moved: ({from: old name, to: new name}).
`;var x=`# Settings of the whole set of monitors (at most one file of the set declares settings:).
settings:
  # Which live monitors a plan may delete: only those this tool manages, recorded in the
  # lock file (monitors/monitors.lock.json, written by apply). Monitors made in the
  # dashboard are listed as unmanaged and never touched.
  scope: lock
  # A plan that would delete more monitors than this, or more than this share of them, is
  # refused (--allow-mass-delete lets it through).
  max_deletes: 10
  max_delete_share: 0.5
  # Your API's base URL, ending in /api/v1. MONITORS_API_URL (or --api-url) wins over it.
  # api_url: https://monitoring.example.com/api/v1
`;function I(e){let o=[{path:"monitors/monitors.yaml",text:g,what:"defaults (the required fields, explained) and 8 monitors, one per common type"},{path:"monitors/settings.yaml",text:x,what:"settings of the whole set: what plan may delete"},{path:".gitignore",text:_(e!==void 0),what:"secrets, saved plans and CI reports stay out of git"}];if(e!==void 0){let{path:t,text:i,what:n}=d(e);o.push({path:t,text:i,what:n})}return o}import{lstat as S,mkdir as N,readdir as T,rm as k,writeFile as A}from"node:fs/promises";import c from"node:path";var E={writeNew:(e,o)=>A(e,o,{flag:"wx"})};async function $(e,o){let t=[];for(let n of o){let r=await S(c.join(e,n.path)).then(()=>{},m=>m);r===void 0?t.push(n.path):r.code==="ENOTDIR"?t.push(`${n.path} (a file is in the way of its folder)`):r.code!=="ENOENT"&&t.push(`${n.path} (${r.code??"cannot be checked"})`)}let i=await T(c.join(e,"monitors")).then(n=>n.filter(r=>/\.ya?ml$/i.test(r)&&!o.some(m=>m.path===`monitors/${r}`)),()=>[]);for(let n of i)t.push(`monitors/${n} (YAML of another set of monitors)`);return t}async function v(e,o,t,i=E){let n=await S(e).catch(()=>{});if(n&&!n.isDirectory())throw new a("INIT_NOT_A_FOLDER",`${t} is a file, not a folder`,{hint:"Name a folder to create the repository in (monitors init my-monitors)."});let r=await $(e,o);if(r.length>0)throw new a("INIT_EXISTS",`${t} already has ${r.length===1?"a file":"files"} init would write: ${r.join(", ")}; nothing was written`,{hint:"init never overwrites a file: run it in a new folder (monitors init my-monitors), or move those files away."});let m=[],u=[];try{for(let s of o){let h=c.join(e,s.path),l=await N(c.dirname(h),{recursive:!0});l!==void 0&&u.push(l),await i.writeNew(h,s.text),m.push(h)}}catch(s){await Promise.all(m.map(l=>k(l,{force:!0})));for(let l of u.reverse())await k(l,{recursive:!0}).catch(()=>{});let h=s.code;throw new a("INIT_WRITE_FAILED",`could not write the starter repository in ${t} (${h??(s instanceof Error?s.message:String(s))}); nothing was left behind`,{cause:s})}}function b(e){if(e===void 0)return;let o=p.find(t=>t===e);if(o!==void 0)return o;throw new a("BAD_OPTION",`--ci must be ${w(p)}, not "${e.slice(0,40)}"`,{hint:`monitors init ${p.map(t=>`--ci ${t} writes ${d(t).path}`).join("; ")}.`})}async function V(e){let o=b(e.ci);if(e.dir.trim()==="")throw new a("BAD_OPTION","init needs a folder name (or none: the current folder)");let t=f.resolve(e.cwd,e.dir),i=f.relative(e.cwd,t),n=i===""?".":i.startsWith("..")?t:i.split(f.sep).join("/"),r=I(o);return await v(t,r,n),y(n,r,o)}export{b as parseCi,V as runInit};
