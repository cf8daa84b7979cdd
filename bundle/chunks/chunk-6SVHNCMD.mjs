import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{readFileSync as t}from"node:fs";var e="0.1.0";function a(){if(e!==void 0)return e;for(let r of["../../../package.json","../../package.json"])try{let n=JSON.parse(t(new URL(r,import.meta.url),"utf8"));if(n.name==="monitors"&&n.version)return n.version}catch{}return"0.0.0"}export{e as a,a as b};
