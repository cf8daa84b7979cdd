import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var r;function o(n){r=n.size>0?n:void 0}var u=()=>r,s=()=>r?{vars:r}:{};function a(n=r){let e={};if(n)for(let t of[...n.keys()].sort())e[t]=n.get(t).value;return e}export{o as a,u as b,s as c,a as d};
