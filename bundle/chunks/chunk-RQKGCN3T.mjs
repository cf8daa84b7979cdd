import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{c as s,d as o}from"./chunk-SWU4F3C4.mjs";async function y(r,m){let{files:e,declared:i,checked:a,diagnostics:d,policy:t}=await s(r,m,!0),c=i.names.length===0?[void 0]:a;return{files:e.map(n=>n.display),environments:c.map((n,l)=>({name:n,monitors:e.reduce((p,g)=>p+(g.analysis?.environments[l]?.monitors.length??0),0),settings:o(e,n,i.names)})),declaredEnvironments:i.names,diagnostics:d,policyRules:t?[...t.described]:[]}}export{y as a};
