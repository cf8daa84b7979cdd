import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
function g(n,e=!1){let t=n.replace(/[\r\n]+/g," "),r=e?t.replace(/\|/g,"\\|"):t,c=Math.max(0,...(r.match(/`+/g)??[]).map(s=>s.length)),a="`".repeat(c+1),o=c>0?" ":"";return`${a}${o}${r}${o}${a}`}function i(n){return n.replace(/[\\`*_<>|[\]]/g,e=>`\\${e}`).replace(/[\r\n]+/g," ")}export{g as a,i as b};
