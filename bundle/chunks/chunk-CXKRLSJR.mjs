import{a as e}from"./chunk-O4EANI5R.mjs";function t(){return new e("[paths...]","YAML files or folders, searched recursively (default: ., the current folder)")}export{t as a};
