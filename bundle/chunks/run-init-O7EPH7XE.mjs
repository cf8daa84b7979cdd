import{a as I,b as k}from"./chunk-EO4WTXVF.mjs";import{b as _}from"./chunk-6SVHNCMD.mjs";import"./chunk-WNWED5ME.mjs";import{a as c}from"./chunk-GSLEMFT6.mjs";import{a as w,b as h}from"./chunk-RY42DXEB.mjs";import"./chunk-6DREAC25.mjs";import{a as x}from"./chunk-5AHM6CFI.mjs";import"./chunk-ZMSMGFJI.mjs";import"./chunk-P6L5J7LU.mjs";import"./chunk-W746OOO7.mjs";import"./chunk-JBJVVJLC.mjs";import{realpathSync as K}from"node:fs";import u from"node:path";import{existsSync as S,readdirSync as M,readFileSync as R,statSync as D}from"node:fs";import p from"node:path";var f=".monitors";function v(t){return t.find(e=>S(p.join(e,"monitors.mjs"))&&S(p.join(e,"chunks")))}function $(t){let e=p.dirname(t);return[e,p.resolve(e,"../../bundle"),p.resolve(e,"../../../bundle")]}function b(t){return j(t).map(e=>({path:`${f}/${e}`,text:R(p.join(t,e),"utf8"),what:"the CLI the pipeline runs (node .monitors/monitors.mjs)"}))}function j(t,e=""){return M(p.join(t,e)).sort().flatMap(o=>{let n=e===""?o:`${e}/${o}`;return D(p.join(t,n)).isDirectory()?j(t,n):[n]})}function T(t,e,o,n){let r=Y(e),i=Math.max(...r.map(s=>s.path.length)),a=s=>`${n.command} ${s}`,l=(s,d)=>`  ${s.padEnd(34)} # ${d}`,m=[`Wrote a starter repository in ${t}:`,...r.map(s=>`  ${s.path.padEnd(i)}  ${s.what}`),"","Next steps:",...t==="."?[]:[`  cd ${t.includes(" ")?JSON.stringify(t):t}`],l(a("validate"),"offline: valid as written; then make monitors/monitors.yaml yours"),"  export MONITORS_API_URL=https://YOUR-API/api/v1",l("export MONITORS_API_TOKEN=...","a token from the dashboard (settings, API); never in a file"),l(a("plan"),"what apply would create; nothing changes yet"),o===void 0?l(a("apply"),"asks before it changes anything; then commit monitors/monitors.lock.json"):l("git push","apply from CI: it keeps the lock file on the branch monitors-state"),`No account yet? \`${a("sim")}\` (in another terminal) runs a local simulator of the API: paste the export line it prints.`];return n.command!=="monitors"&&m.push('(`monitors` is not on your PATH: the README of monitors, "Install", says how to put it there.)'),o!==void 0&&h(o).bundle&&!e.some(s=>s.path.startsWith(`${f}/`))&&m.push("The pipeline runs .monitors/monitors.mjs, the bundle of a monitors release; this CLI holds none to copy, so take it from the release:",`  git clone --depth 1 --branch v${n.version} https://github.com/monitors-as-code/monitors ../monitors-${n.version} && cp -R ../monitors-${n.version}/bundle .monitors`),o!==void 0&&m.push(...h(o).nextSteps),`${m.join(`
`)}
`}function Y(t){let e=t.filter(n=>n.path.startsWith(`${f}/`)),o=t.filter(n=>!n.path.startsWith(`${f}/`));return e.length===0?o:[...o,{path:`${f}/`,what:`the CLI's bundle (${e.length} files) the pipeline runs as .monitors/monitors.mjs`}]}function A(t){return`# Saved plans (monitors plan --out NAME.plan.json) and CI reports.
*.plan.json
monitors-ci/
node_modules/
${t?`# The lock file: CI keeps it on the branch monitors-state (apply --lock-branch), never on main.
monitors/monitors.lock.json
`:`# Commit the lock file (monitors/monitors.lock.json) after every apply: it is how plans see
# what the API does not return. It holds ids, names, values from the YAML and hashes, never a secret.
`}`}var N=`# yaml-language-server: $schema=./monitors-file.schema.json
# Your monitors: each item under monitors: is one monitor, with the fields of the monitoring
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
`;var E=`# yaml-language-server: $schema=./monitors-file.schema.json
# Settings of the whole set of monitors (at most one file of the set declares settings:).
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
`;function F(t){let e=[{path:"monitors/monitors.yaml",text:N,what:"defaults (the required fields, explained) and 8 monitors, one per common type"},{path:"monitors/settings.yaml",text:E,what:"settings of the whole set: what plan may delete"},{path:`monitors/${I}`,text:k(),what:"the schema editors complete and check the YAML with, offline (fmt refreshes it)"},{path:".gitignore",text:A(t!==void 0),what:t!==void 0?"saved plans, CI reports and the lock file (kept on monitors-state) stay out of git":"saved plans and CI reports stay out of git"}];if(t!==void 0){let{path:o,text:n,what:r}=h(t);e.push({path:o,text:n,what:r})}return e}import{lstat as P,mkdir as U,readdir as W,rm as O,writeFile as B}from"node:fs/promises";import y from"node:path";var H={writeNew:(t,e)=>B(t,e,{flag:"wx"})};async function J(t,e){let o=[];for(let r of e){let i=await P(y.join(t,r.path)).then(()=>{},a=>a);i===void 0?o.push(r.path):i.code==="ENOTDIR"?o.push(`${r.path} (a file is in the way of its folder)`):i.code!=="ENOENT"&&o.push(`${r.path} (${i.code??"cannot be checked"})`)}let n=await W(y.join(t,"monitors")).then(r=>r.filter(i=>/\.ya?ml$/i.test(i)&&!e.some(a=>a.path===`monitors/${i}`)),()=>[]);for(let r of n)o.push(`monitors/${r} (YAML of another set of monitors)`);return o}async function C(t,e,o,n=H){let r=await P(t).catch(()=>{});if(r&&!r.isDirectory())throw new c("INIT_NOT_A_FOLDER",`${o} is a file, not a folder`,{hint:"Name a folder to create the repository in (monitors init my-monitors)."});let i=await J(t,e);if(i.length>0)throw new c("INIT_EXISTS",`${o} already has ${i.length===1?"a file":"files"} init would write: ${i.join(", ")}; nothing was written`,{hint:"init never overwrites a file: run it in a new folder (monitors init my-monitors), or move those files away."});let a=[],l=[];try{for(let m of e){let s=y.join(t,m.path),d=await U(y.dirname(s),{recursive:!0});d!==void 0&&l.push(d),await n.writeNew(s,m.text),a.push(s)}}catch(m){await Promise.all(a.map(d=>O(d,{force:!0})));for(let d of l.reverse())await O(d,{recursive:!0}).catch(()=>{});let s=m.code;throw new c("INIT_WRITE_FAILED",`could not write the starter repository in ${o} (${s??(m instanceof Error?m.message:String(m))}); nothing was left behind`,{cause:m})}}function G(t){if(t===void 0)return;let e=w.find(o=>o===t);if(e!==void 0)return e;throw new c("BAD_OPTION",`--ci must be ${x(w)}, not "${t.slice(0,40)}"`,{hint:`monitors init ${w.map(o=>`--ci ${o} writes ${h(o).path}`).join("; ")}.`})}async function vt(t){let e=G(t.ci);if(t.dir.trim()==="")throw new c("BAD_OPTION","init needs a folder name (or none: the current folder)");let o=u.resolve(t.cwd,t.dir),n=u.relative(t.cwd,o),r=n===""?".":n.startsWith("..")?o:n.split(u.sep).join("/"),i=e!==void 0&&h(e).bundle?v($(g(t.entryFile)??t.entryFile)):void 0,a=[...F(e),...i!==void 0?b(i):[]];return await C(o,a,r),T(r,a,e,{command:X(t.entryFile,t.pathDirs),version:_()})}function X(t,e){let o=g(t);for(let n of e){if(n==="")continue;let r=g(u.join(n,"monitors"));if(r!==void 0)return r===o?"monitors":L(t)}return L(t)}function L(t){let e=u.resolve(t);return`node ${/^[\w./-]+$/.test(e)?e:JSON.stringify(e)}`}function g(t){try{return K(t)}catch{return}}export{X as commandAsTyped,G as parseCi,vt as runInit};
