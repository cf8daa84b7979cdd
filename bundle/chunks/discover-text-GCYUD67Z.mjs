import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{d as a,e as b,f as c,g as d}from"./chunk-Q2LEQTZ5.mjs";import"./chunk-XDFHPMMX.mjs";import"./chunk-OLR4FEVS.mjs";import"./chunk-Q4RXKKJ7.mjs";import"./chunk-QPMMAD3N.mjs";import"./chunk-HCASIXEG.mjs";import"./chunk-W746OOO7.mjs";import"./chunk-JBJVVJLC.mjs";export{d as renderCoverageMarkdown,c as renderCoverageText,a as renderDiscoveryYaml,b as skipLines};
