import{c as a,d as b}from"./chunk-KAWLF26I.mjs";import"./chunk-GSLEMFT6.mjs";import"./chunk-JBJVVJLC.mjs";export{a as waitProgressLine,b as waitReportLines};
