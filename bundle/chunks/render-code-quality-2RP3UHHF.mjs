import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as e,b as r}from"./chunk-3TNHJXUY.mjs";import"./chunk-QENVS2S4.mjs";import"./chunk-6YLK3GIS.mjs";import"./chunk-P6L5J7LU.mjs";import"./chunk-W746OOO7.mjs";import"./chunk-JBJVVJLC.mjs";var c={error:"major",warning:"minor",info:"info"};function a(i,o=[]){let t=e(i),s=i.map((n,p)=>({type:"issue",description:`${n.code}: ${n.message}`,check_name:n.code,content:{body:d(r(n.code,o))},fingerprint:t[p],severity:c[n.severity],location:{path:n.path,lines:{begin:Math.max(1,n.line)}}}));return`${JSON.stringify(s,null,2)}
`}var d=i=>`${i.description} See ${i.helpUri}`;export{a as renderCodeQuality};
