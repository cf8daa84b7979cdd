import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
function e(o,n){return o.configureOutput({outputError:(r,m)=>m(r.replace(/^error: /,/^error: unknown command/.test(r)?"error UNKNOWN_COMMAND: ":`error ${n}: `))})}export{e as a};
