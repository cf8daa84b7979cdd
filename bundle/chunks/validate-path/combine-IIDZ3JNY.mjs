import{a,b,c}from"./chunk-QQTNYYMT.mjs";import"./chunk-6BDXT2B7.mjs";export{c as renderAllJson,b as renderAllMarkdown,a as renderAllText};
