import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as i}from"./chunk-YYDWY7LM.mjs";import{c as o}from"./chunk-RFGL7ABV.mjs";import{a as s}from"./chunk-OLR4FEVS.mjs";import{b as n}from"./chunk-GSLEMFT6.mjs";async function u(t,e){i(),e.includes("--debug")&&(process.env.MONITORS_DEBUG="1");try{await t.parseAsync(e)}catch(m){process.exitCode=c(m)}}function c(t){if(t instanceof o)return t.exitCode===0?0:1;if(n(t))return process.stderr.write(`error ${t.code}: ${s(t.message)}
`),t.hint&&process.stderr.write(`  ${s(t.hint)}
`),t.exitCode;let e=t instanceof Error?t.message:String(t);return process.stderr.write(`error INTERNAL: ${s(e)}
  This is a bug in monitors; please report it with MONITORS_DEBUG=1 output.
`),process.env.MONITORS_DEBUG==="1"&&t instanceof Error&&t.stack&&process.stderr.write(`${t.stack}
`),1}export{u as a,c as b};
