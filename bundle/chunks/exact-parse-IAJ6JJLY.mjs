import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b}from"./chunk-326AGKSD.mjs";import"./chunk-JBJVVJLC.mjs";export{a as MAX_ALIAS_COUNT,b as exactParse};
