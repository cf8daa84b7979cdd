import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{c as a}from"./chunk-ZZ2CURGW.mjs";import"./chunk-JBJVVJLC.mjs";export{a as renderCheckJunit};
