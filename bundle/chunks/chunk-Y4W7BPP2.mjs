import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as p}from"./chunk-LSZVCC3M.mjs";import{d as c,e as a}from"./chunk-3ND3GDF5.mjs";import{c as r}from"./chunk-XCL6F4PP.mjs";import{h as t}from"./chunk-5FJFCRDP.mjs";async function L(o){let{env:s}=o,{desired:i,location:e,note:d}=await p(o),l=await(o.readLock??t)(e.path),n=c(s,{...r(i.settings),...o.apiUrl?{flagApiUrl:o.apiUrl}:{}});return{desired:i,lockLocation:e,lockNote:d,lock:l,api:a(n),origin:n.origin}}export{L as a};
