import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{existsSync as s}from"node:fs";async function c(e,r=process.env){if(r.MONITORS_TEST_HOLD!==e)return;let t=r.MONITORS_TEST_HOLD_RELEASE;process.stderr.write(`test hold: ${e}
`);let o=Date.now()+6e4;for(;t&&!s(t)&&Date.now()<o;)await new Promise(i=>setTimeout(i,10))}function a(e,r){if(e.MONITORS_TEST_HOLD!=="create-record-write")return()=>Promise.resolve();let t=new Set(r.monitors.map(o=>o.id));return async o=>{o.monitors.some(i=>!t.has(i.id))&&await c("create-record-write",e)}}export{c as a,a as b};
