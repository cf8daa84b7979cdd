import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-42KFQRQA.mjs";import"./chunk-YWN7SWXH.mjs";import"./chunk-ZMSMGFJI.mjs";import"./chunk-P6L5J7LU.mjs";import"./chunk-W746OOO7.mjs";import"./chunk-FFYV7KOI.mjs";import"./chunk-XA4AJF6Q.mjs";import"./chunk-JBJVVJLC.mjs";export{b as isForeignFile,d as isForeignLoaded,c as monitorsFileKeysText,a as shapeOfValue,e as withoutForeignFiles};
