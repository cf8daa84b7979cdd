import{a,b,c}from"./chunk-WX7BVCCN.mjs";import"./chunk-OLR4FEVS.mjs";import"./chunk-JBJVVJLC.mjs";export{a as errorText,b as internalErrorText,c as outputFailedLine};
