import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var e=(n,t)=>[...t??[],n];export{e as a};
