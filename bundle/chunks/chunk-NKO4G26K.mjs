import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var o="monitors-yaml-loader";function t(e){return{role:o,request:e}}function n(e){return typeof e=="object"&&e!==null&&e.role===o}var r;function a(e){r=new URL(e)}function u(){return r??new URL("./load-worker.js",import.meta.url)}export{t as a,n as b,a as c,u as d};
