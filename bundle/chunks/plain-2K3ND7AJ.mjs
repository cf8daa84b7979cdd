import{a as o}from"./chunk-KWMPB5BJ.mjs";import"./chunk-JBJVVJLC.mjs";function a(s,i){let t=o(i.reportDir),e=r=>{process.stdout.write(`${r}
`)};return{name:"plain",changeName:"change",error:r=>{process.stderr.write(`error: ${r}
`)},warning:r=>{process.stderr.write(`warning: ${r}
`)},info:e,group:r=>e(`==> ${r}`),endGroup:()=>{},secretNames:[],lockBranchEnv:()=>({}),writeReport(r,n){t.writeReport(r,n),e(`monitors: the report is in ${t.reportPath}.`)},writeOutputs:r=>t.writeOutputs(r),machineReports:[],writeMachineReport:()=>{},async publishPlan(){return e(`monitors: not GitHub Actions or GitLab CI, so no comment was posted; the plan is in ${t.reportPath}.`),!0},async trackDrift(r){return r.drift?(process.stderr.write(`error: the live monitors drift from ${r.path}. Not GitHub Actions or GitLab CI, so no issue holds it: the plan is in ${t.reportPath} (exit 2).
`),2):(e(`monitors: no drift: the live monitors match ${r.path}.`),0)}}}export{a as plainProvider};
