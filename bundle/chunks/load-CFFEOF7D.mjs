import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-IELJHJPC.mjs";import"./chunk-6VQHFQ2R.mjs";import"./chunk-7SCG6VNO.mjs";import"./chunk-UEZTZN34.mjs";import"./chunk-6H6HWZMK.mjs";import"./chunk-NKNU6A7I.mjs";import"./chunk-ZUAL47ZE.mjs";import"./chunk-6QFUBIDH.mjs";import"./chunk-V2XLEY5K.mjs";import"./chunk-KOHRAGUR.mjs";import"./chunk-F2Z6UKWT.mjs";import"./chunk-DDW4EBGL.mjs";import"./chunk-IC4JJGP4.mjs";import"./chunk-JBJVVJLC.mjs";export{a as loadDesiredState};
