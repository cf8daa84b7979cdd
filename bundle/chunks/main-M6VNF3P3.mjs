#!/usr/bin/env node
import{a,b as t}from"./chunk-GJU2WPBY.mjs";import{a as n}from"./chunk-72RSXIWB.mjs";import"./chunk-WKQW24OG.mjs";import"./chunk-WX7BVCCN.mjs";import"./chunk-OLR4FEVS.mjs";import{b as r}from"./chunk-6SVHNCMD.mjs";import"./chunk-GSLEMFT6.mjs";import"./chunk-JBJVVJLC.mjs";import s from"node:module";var e=process.argv.slice(2);if(e.length===1&&(e[0]==="--version"||e[0]==="-V"))n(),process.stdout.write(`${r()}
`);else{s.enableCompileCache?.();let o=t(e);o!==void 0&&a[o].work().catch(()=>{});let{runProgram:i}=await import("./program-PYNX4Q5Q.mjs");await i(process.argv)}
