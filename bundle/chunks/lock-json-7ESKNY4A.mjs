import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import"./chunk-JBJVVJLC.mjs";function s(e){let n={format_version:1,environment:e.environment,lock_file:e.lockFile,monitors:e.rows.map(r),notes:e.notes};return`${JSON.stringify(n,null,2)}
`}function c({environment:e,row:n,lockFile:t}){let{record:o}=n,i={format_version:1,environment:e,lock_file:t,...r(n),fingerprint:o.fingerprint,values:o.values??null,hashed_fields:Object.keys(o.fields??{}).sort(),secret_fields:Object.keys(o.secrets??{}).sort()};return`${JSON.stringify(i,null,2)}
`}function r(e){return{name:e.name,id:e.id,...l(e.declared),last_applied:e.lastApplied??null}}function l(e){if(e.kind==="absent")return{declared:"absent",file:null,line:null,col:null};let{file:n,line:t,col:o}=e.at;return{declared:e.kind,file:n,line:t,col:o}}export{s as renderLockListJson,c as renderLockShowJson};
