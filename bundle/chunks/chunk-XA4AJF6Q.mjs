import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
function h(r,n){if(r===n)return 0;let s=[],i=Array.from({length:n.length+1},(e,o)=>o);for(let e=1;e<=r.length;e+=1){let o=[e];for(let t=1;t<=n.length;t+=1){let u=r[e-1]===n[t-1]?0:1,l=Math.min((i[t]??0)+1,(o[t-1]??0)+1,(i[t-1]??0)+u);e>1&&t>1&&r[e-1]===n[t-2]&&r[e-2]===n[t-1]&&(l=Math.min(l,(s[t-2]??0)+1)),o.push(l)}s=i,i=o}return i[n.length]??0}export{h as a};
