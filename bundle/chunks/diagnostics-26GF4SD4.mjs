import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b,c,d,e,f}from"./chunk-F7TB3PES.mjs";import"./chunk-OLR4FEVS.mjs";import"./chunk-JBJVVJLC.mjs";export{c as countBySeverity,a as diagnosticLine,b as githubAnnotation,d as skippedFiles,e as summaryLine,f as validationReport};
