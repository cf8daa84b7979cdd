import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-JTC75EMT.mjs";import"./chunk-7P22VMDB.mjs";import"./chunk-DDI2WJ7O.mjs";import"./chunk-UEZTZN34.mjs";import"./chunk-VU2EYJDV.mjs";import"./chunk-NKNU6A7I.mjs";import"./chunk-ZUAL47ZE.mjs";import"./chunk-MNYZCRBV.mjs";import"./chunk-NMBMNXNF.mjs";import"./chunk-ANPO7AHM.mjs";import"./chunk-3TETBFZ5.mjs";import"./chunk-DDW4EBGL.mjs";import"./chunk-OTCRGXWH.mjs";import"./chunk-JBJVVJLC.mjs";export{a as loadDesiredState};
