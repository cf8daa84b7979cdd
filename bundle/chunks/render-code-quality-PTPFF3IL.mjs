import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as r,b as e}from"./chunk-4TMTAXXR.mjs";import"./chunk-6YLK3GIS.mjs";import"./chunk-JBJVVJLC.mjs";var p={error:"major",warning:"minor",info:"info"};function a(i){let o=r(i),t=i.map((n,s)=>({type:"issue",description:`${n.code}: ${n.message}`,check_name:n.code,content:{body:`${e(n.code).description} See ${e(n.code).helpUri}`},fingerprint:o[s],severity:p[n.severity],location:{path:n.path,lines:{begin:Math.max(1,n.line)}}}));return`${JSON.stringify(t,null,2)}
`}export{a as renderCodeQuality};
