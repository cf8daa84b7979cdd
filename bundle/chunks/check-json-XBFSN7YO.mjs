import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import"./chunk-JBJVVJLC.mjs";function r(e){return`${JSON.stringify(e,null,2)}
`}export{r as renderCheckJson};
