import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{existsSync as e}from"node:fs";import{dirname as i,isAbsolute as p,join as g,relative as u,resolve as o,sep as m}from"node:path";function l(r){for(let t=o(r);;t=i(t)){if(e(g(t,".git")))return t;if(i(t)===t)return o(r)}}function c(r,t,n){let s=p(r)?r:o(t,r);return u(n,s).split(m).join("/")}export{l as a,c as b};
