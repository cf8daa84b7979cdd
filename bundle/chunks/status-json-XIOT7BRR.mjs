import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import"./chunk-JBJVVJLC.mjs";function r(t){return`${JSON.stringify(t,null,2)}
`}export{r as renderStatusJson};
