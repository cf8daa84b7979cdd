import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{b as r}from"./chunk-DC7KZCIR.mjs";function i(n,e){return!!n.isTTY&&!("NO_COLOR"in e&&e.NO_COLOR!=="")&&e.TERM!=="dumb"}function a(n,e,t){return r(e,"plan",n,{color:t})}export{i as a,a as b};
