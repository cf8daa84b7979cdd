import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{g as a,h as b}from"./chunk-KHUO3ONB.mjs";import"./chunk-ZON3SL74.mjs";import"./chunk-GSLEMFT6.mjs";import"./chunk-JBJVVJLC.mjs";export{a as buildWaitReport,b as waitReportLines};
