import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{c as i,d as s}from"./chunk-FGJEUYDR.mjs";async function u(o,r){let{files:e,declared:t,checked:m,diagnostics:a}=await i(o,r,!0),d=t.names.length===0?[void 0]:m;return{files:e.map(n=>n.display),environments:d.map((n,c)=>({name:n,monitors:e.reduce((g,p)=>g+(p.analysis?.environments[c]?.monitors.length??0),0),settings:s(e,n,t.names)})),declaredEnvironments:t.names,diagnostics:a}}export{u as a};
