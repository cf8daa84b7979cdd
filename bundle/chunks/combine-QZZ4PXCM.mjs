import{a,b,c}from"./chunk-Q5EYREKP.mjs";import"./chunk-IHGBNY6Z.mjs";import"./chunk-JBJVVJLC.mjs";export{c as renderAllJson,b as renderAllMarkdown,a as renderAllText};
