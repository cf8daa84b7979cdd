import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var n="MONITORS_API_URL_SOURCE",i={token:{variable:"MONITORS_API_TOKEN"},url:{source:"MONITORS_API_URL"}};function e(r){return r.url.at?`${r.url.source} (${r.url.at})`:r.url.source}function u(r){return r.url.source==="--api-url"?"Pass --api-url":`Set ${e(r)}`}function a(r){let t=r.token.namedBy;return t?`${r.token.variable} (named by ${t.setting}${t.at?` at ${t.at}`:""})`:r.token.variable}export{n as a,i as b,e as c,u as d,a as e};
