import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import{a as e}from"./chunk-RFGL7ABV.mjs";function t(){return new e("[paths...]","YAML files or folders, searched recursively (default: ., the current folder)")}export{t as a};
