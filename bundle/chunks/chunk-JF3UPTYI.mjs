import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{appendFileSync as u,mkdirSync as s,rmSync as a,writeFileSync as o}from"node:fs";import{join as n}from"node:path";function O(r){let i=n(r,"report.md");return{reportPath:i,writeReport(t,e){s(r,{recursive:!0}),o(i,t);let p=n(r,"plan-report.json");e?o(p,`${JSON.stringify({create:e.create,update:e.replace,delete:e.delete})}
`):a(p,{force:!0})},writeOutputs(t){s(r,{recursive:!0});let e=[`MONITORS_CHANGES=${t.changes}`,`MONITORS_EXIT_CODE=${t.exitCode}`];t.lockFiles&&e.push(`MONITORS_LOCK_FILES=${t.lockFiles.join(" ")}`),o(n(r,"outputs.env"),`${e.join(`
`)}
`)},addOutput(t,e){u(n(r,"outputs.env"),`${t}=${e}
`)}}}export{O as a};
