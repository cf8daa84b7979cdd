import{c as t}from"./chunk-P6L5J7LU.mjs";var i=new RegExp(`^policy\\.${t.slice(1)}`);function n(o){return i.test(o)}var r=o=>o.slice(7);export{n as a,r as b};
