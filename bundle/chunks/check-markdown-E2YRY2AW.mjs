import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{h as a,i as b}from"./chunk-GDK2C6HA.mjs";import"./chunk-JBJVVJLC.mjs";export{a as CHECK_MARKDOWN_BUDGET,b as renderCheckMarkdown};
