import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as n}from"./chunk-5PCB527G.mjs";var r="all";function s(e,o){return n(e,o)?.name===r}export{s as a};
