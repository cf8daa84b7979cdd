import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
async function u(e,t){let n=1;for(let i=0;n!==void 0&&i<50;i+=1){let{items:o,next:r}=await e(n),d=o.find(t);if(d)return d;n=r!==void 0&&r>n?r:void 0}}function f(e,t){return typeof e=="string"&&e.startsWith(t)}async function s(e,t,n){for(let i of e?[`&labels=${encodeURIComponent(e)}`,""]:[""]){let o=await u(r=>t(i,r),n);if(o)return o}}export{u as a,f as b,s as c};
