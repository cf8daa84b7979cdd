import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-HNRV6JV4.mjs";import"./chunk-PH35D5ER.mjs";import"./chunk-HP5PZARS.mjs";import"./chunk-5SFO5EFZ.mjs";import"./chunk-G6QNH3FG.mjs";import"./chunk-BFW2WJVW.mjs";import"./chunk-DBSZQOU6.mjs";import"./chunk-JBJVVJLC.mjs";export{b as isForeignFile,d as isForeignLoaded,c as monitorsFileKeysText,a as shapeOfValue,e as withoutForeignFiles};
