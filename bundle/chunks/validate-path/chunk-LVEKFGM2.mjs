var o=n=>n!==null&&typeof n=="object"&&!Array.isArray(n);export{o as a};
