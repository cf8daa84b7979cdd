import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-YNK7EQR7.mjs";import"./chunk-WQK33FVD.mjs";import"./chunk-7SCG6VNO.mjs";import"./chunk-UEZTZN34.mjs";import"./chunk-VU2EYJDV.mjs";import"./chunk-NKNU6A7I.mjs";import"./chunk-ZUAL47ZE.mjs";import"./chunk-MNYZCRBV.mjs";import"./chunk-NMBMNXNF.mjs";import"./chunk-QQBSBE3A.mjs";import"./chunk-F2Z6UKWT.mjs";import"./chunk-DDW4EBGL.mjs";import"./chunk-OTCRGXWH.mjs";import"./chunk-JBJVVJLC.mjs";export{a as loadDesiredState};
