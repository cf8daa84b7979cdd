#!/usr/bin/env node
import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b as t}from"./chunk-CI3LNOA3.mjs";import{a as n}from"./chunk-YYDWY7LM.mjs";import{b as r}from"./chunk-6SVHNCMD.mjs";import"./chunk-GSLEMFT6.mjs";import"./chunk-JBJVVJLC.mjs";import s from"node:module";var e=process.argv.slice(2);if(e.length===1&&(e[0]==="--version"||e[0]==="-V"))n(),process.stdout.write(`${r()}
`);else{s.enableCompileCache?.();let o=t(e);o!==void 0&&a[o].work().catch(()=>{});let{runProgram:i}=await import("./program-7Q3G222G.mjs");await i(process.argv)}
