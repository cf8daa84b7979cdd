import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import i from"node:path";function s(r,n){let t=i.relative(n,r);return t===""?".":t.split(i.sep).join("/")}export{s as a};
