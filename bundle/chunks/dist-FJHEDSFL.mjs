import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a}from"./chunk-3UEFTTVW.mjs";import"./chunk-JBJVVJLC.mjs";export default a();
