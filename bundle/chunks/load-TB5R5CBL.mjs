import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-4YRVP57O.mjs";import"./chunk-FFJTTBLW.mjs";import"./chunk-7SCG6VNO.mjs";import"./chunk-UEZTZN34.mjs";import"./chunk-VU2EYJDV.mjs";import"./chunk-NKNU6A7I.mjs";import"./chunk-ZUAL47ZE.mjs";import"./chunk-MNYZCRBV.mjs";import"./chunk-NMBMNXNF.mjs";import"./chunk-YVZT3QH4.mjs";import"./chunk-6ZKNXJQH.mjs";import"./chunk-DDW4EBGL.mjs";import"./chunk-OTCRGXWH.mjs";import"./chunk-JBJVVJLC.mjs";export{a as loadDesiredState};
