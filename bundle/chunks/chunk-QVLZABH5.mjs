import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var o=/\$(\$?)\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;function e(n,r=new Set){if(typeof n=="string")for(let t of n.matchAll(o))t[1]||r.add(t[2]);else if(Array.isArray(n))for(let t of n)e(t,r);else if(n&&typeof n=="object")for(let t of Object.values(n))e(t,r);return r}function s(n){return typeof n=="string"?n.includes("{env:"):Array.isArray(n)&&n.some(r=>typeof r=="string"&&r.includes("{env:"))}export{e as a,s as b};
