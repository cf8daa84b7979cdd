import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var e={scope:{kind:"lock"},maxDeletes:20,maxDeleteShare:.5};export{e as a};
