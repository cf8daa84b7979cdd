import{appendFileSync as u,mkdirSync as s,rmSync as a,writeFileSync as o}from"node:fs";import{join as i}from"node:path";function O(r){let p=i(r,"report.md");return{reportPath:p,writeReport(t,e){s(r,{recursive:!0}),o(p,t);let n=i(r,"plan-report.json");e?o(n,`${JSON.stringify({create:e.create,update:e.replace,delete:e.delete})}
`):a(n,{force:!0})},writeOutputs(t){s(r,{recursive:!0});let e=[`MONITORS_CHANGES=${t.changes}`,`MONITORS_EXIT_CODE=${t.exitCode}`];t.lockFiles&&e.push(`MONITORS_LOCK_FILES=${t.lockFiles.join(" ")}`),o(i(r,"outputs.env"),`${e.join(`
`)}
`)},addOutput(t,e){u(i(r,"outputs.env"),`${t}=${e}
`)},writeFile(t,e){s(r,{recursive:!0});let n=i(r,t);return o(n,e),n}}}export{O as a};
