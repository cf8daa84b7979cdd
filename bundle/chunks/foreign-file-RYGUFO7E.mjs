import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-RBHXMDL3.mjs";import"./chunk-4YCHMUQW.mjs";import"./chunk-TM2ZNEWN.mjs";import"./chunk-5SFO5EFZ.mjs";import"./chunk-G6QNH3FG.mjs";import"./chunk-IC4JJGP4.mjs";import"./chunk-JBJVVJLC.mjs";export{b as isForeignFile,d as isForeignLoaded,c as monitorsFileKeysText,a as shapeOfValue,e as withoutForeignFiles};
