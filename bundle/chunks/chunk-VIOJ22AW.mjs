import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{existsSync as i}from"node:fs";async function n(e,o=process.env){if(o.MONITORS_TEST_HOLD!==e)return;let r=o.MONITORS_TEST_HOLD_RELEASE;process.stderr.write(`test hold: ${e}
`);let t=Date.now()+6e4;for(;r&&!i(r)&&Date.now()<t;)await new Promise(s=>setTimeout(s,10))}function a(e,o){if(e.MONITORS_TEST_HOLD!=="create-record-write")return()=>Promise.resolve();let r=new Set(o.monitors.map(t=>t.id));return async t=>{t.monitors.some(s=>!r.has(s.id))&&await n("create-record-write",e)}}function d(e,o=process.env){if(o.MONITORS_TEST_HOLD!==e)return;let r=o.MONITORS_TEST_HOLD_RELEASE;process.stderr.write(`test hold: ${e}
`);let t=Date.now()+6e4;for(;r&&!i(r)&&Date.now()<t;);}export{n as a,a as b,d as c};
