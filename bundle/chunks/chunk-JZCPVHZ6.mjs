import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-DBSZQOU6.mjs";function u(o,n){return o.configureOutput({outputError:(r,e)=>e(s(r).replace(/^error: /,/^error: unknown command/.test(r)?"error UNKNOWN_COMMAND: ":`error ${n}: `).replace(/\n\(Did you mean (.*)\?\)/,"; did you mean $1?"))})}function s(o){let n=/^error: unknown (?:option|command) '(?:--)?([^']*)'/.exec(o)?.[1],r=/\n\(Did you mean (?:one of )?(.*)\?\)/.exec(o);if(n===void 0||!r)return o;let e=Math.max(1,Math.floor(n.length/4)),t=r[1].split(", ").filter(m=>a(n.toLowerCase(),m.replace(/^--/,"").toLowerCase())<=e),i=t.length===0?"":`
(Did you mean ${t.join(" or ")}?)`;return o.replace(r[0],i)}export{u as a};
