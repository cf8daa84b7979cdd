import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-3D7STGWC.mjs";import"./chunk-QTQEX37Y.mjs";import"./chunk-PAGGILAQ.mjs";import"./chunk-BRPPXEIO.mjs";import"./chunk-VU2EYJDV.mjs";import"./chunk-NKNU6A7I.mjs";import"./chunk-ZUAL47ZE.mjs";import"./chunk-MNYZCRBV.mjs";import"./chunk-NMBMNXNF.mjs";import"./chunk-ANPO7AHM.mjs";import"./chunk-3TETBFZ5.mjs";import"./chunk-DDW4EBGL.mjs";import"./chunk-OTCRGXWH.mjs";import"./chunk-JBJVVJLC.mjs";export{a as loadDesiredState};
