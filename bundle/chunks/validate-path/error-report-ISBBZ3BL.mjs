import{a,b,c}from"./chunk-ZLDGVEDB.mjs";import"./chunk-FC5QFWMO.mjs";import"./chunk-6BDXT2B7.mjs";export{a as errorText,b as internalErrorText,c as outputFailedLine};
