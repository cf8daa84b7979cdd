import{a,b}from"./chunk-2CKN6U3I.mjs";import"./chunk-6BDXT2B7.mjs";export{a as MAX_ALIAS_COUNT,b as exactParse};
