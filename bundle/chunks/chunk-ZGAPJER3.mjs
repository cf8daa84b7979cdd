import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as n}from"./chunk-XCL6F4PP.mjs";var t="all",s="with --env all: how many environments run at once (default 4)";function a(e,o){return n(e,o)?.name===t}export{s as a,a as b};
