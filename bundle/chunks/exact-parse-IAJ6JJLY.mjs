import{a,b}from"./chunk-326AGKSD.mjs";import"./chunk-JBJVVJLC.mjs";export{a as MAX_ALIAS_COUNT,b as exactParse};
