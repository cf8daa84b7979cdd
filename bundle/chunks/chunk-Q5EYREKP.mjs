import{a as u}from"./chunk-IHGBNY6Z.mjs";function c(n,t){return t===0?"ok":n==="plan"&&t===2?"changes":"failed"}var a={ok:n=>n==="plan"?"no changes":"ok",changes:()=>"changes",failed:()=>"failed"};function p(n,t){let r=t.map(e=>{let o=c(n,e.code),s=o==="failed"?e.output:e.stdout;return`=== ${e.name}: ${a[o](n)} ===
${s.trimEnd()}
`}),i=t.map(e=>`  ${e.name}: ${a[c(n,e.code)](n)} (exit ${e.code})`);return`${r.join(`
`)}
Every environment (${t.length}):
${i.join(`
`)}
`}function y(n,t,r){let i=r.map(e=>{let o=c(n,e.code);return o==="failed"?{name:e.name,ok:!1,code:e.code,changes:!1,body:m(e.output)}:{name:e.name,ok:!0,code:e.code,changes:o==="changes",markdown:e.stdout,body:e.stdout}});return u(n,t,i,1/0)}function v(n,t,r){let i=t.map(o=>{let s=c(n,o.code);return{name:o.name,exit_code:o.code,outcome:s,result:d(o.stdout),...s==="failed"?{error:o.output.trim()}:{}}});return`${JSON.stringify({format_version:1,environment:null,command:n,exit_code:r,environments:i},null,2)}
`}function d(n){try{return JSON.parse(n)}catch{return null}}function m(n){let t=n.includes("```")?"````":"```";return`${t}
${n.trimEnd()}
${t}`}export{p as a,y as b,v as c};
