import{a}from"./chunk-3UEFTTVW.mjs";import"./chunk-JBJVVJLC.mjs";export default a();
