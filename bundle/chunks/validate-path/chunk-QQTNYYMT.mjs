function l(n){if(n.skipped)return"not run (an earlier environment failed)";if(!n.ok)return`failed (exit ${n.code})`;let t=(n.markdown??"").split(`
`)[0]??"",o=/^\*\*(.+)\*\*$/.exec(t.trim()),i=(o?o[1]:t.trim()||"done").replace(/^Plan for \S+(?= \(|:)/,"Plan").replace(/^(No changes in the targeted monitors) of \S+ /,"$1 ").replace(/^No changes in (?!the targeted )\S+\./,"No changes.");return n.check==="failed"?`${i} Check: a monitor is down, or the check failed.`:i}function m(n,t,o,i=6e4){let e=[`#### monitors ${n} \`${t}\``,"",...o.map(c=>`- **${c.name}**: ${l(c)}`),""],r=Math.floor((i-e.join(`
`).length)/Math.max(1,o.length))-200,s=o.map(c=>[`##### ${c.name}`,"",u(c.body,r),""].join(`
`));return`${[...e,...s].join(`
`).trimEnd()}
`}function u(n,t){if(n.length<=t)return n.trimEnd();let o=n.slice(0,Math.max(0,t)),i=o.lastIndexOf(`
`);i>0&&(o=o.slice(0,i));let e=[];(o.match(/^```/gm)??[]).length%2===1&&e.push("```");let r=(o.match(/<details>/g)??[]).length-(o.match(/<\/details>/g)??[]).length;e.push("","\u2026 (cut to share the comment with the other environments: the full plan is in the job summary and log)");for(let c=0;c<r;c+=1)e.push("","</details>");return`${o}
${e.join(`
`)}`}function a(n,t){return t===0?"ok":n==="plan"&&t===2?"changes":"failed"}var d={ok:n=>n==="plan"?"no changes":"ok",changes:()=>"changes",failed:()=>"failed"};function k(n,t){let o=t.map(e=>{let r=a(n,e.code),s=r==="failed"?e.output:e.stdout;return`=== ${e.name}: ${d[r](n)} ===
${s.trimEnd()}
`}),i=t.map(e=>`  ${e.name}: ${d[a(n,e.code)](n)} (exit ${e.code})`);return`${o.join(`
`)}
Every environment (${t.length}):
${i.join(`
`)}
`}function b(n,t,o){let i=o.map(e=>{let r=a(n,e.code);return r==="failed"?{name:e.name,ok:!1,code:e.code,changes:!1,body:f(e.output)}:{name:e.name,ok:!0,code:e.code,changes:r==="changes",markdown:e.stdout,body:e.stdout}});return m(n,t,i,1/0)}function x(n,t,o){let i=t.map(r=>{let s=a(n,r.code);return{name:r.name,exit_code:r.code,outcome:s,result:g(r.stdout),...s==="failed"?{error:r.output.trim()}:{}}});return`${JSON.stringify({format_version:1,environment:null,command:n,exit_code:o,environments:i},null,2)}
`}function g(n){try{return JSON.parse(n)}catch{return null}}function f(n){let t=n.includes("```")?"````":"```";return`${t}
${n.trimEnd()}
${t}`}export{k as a,b,x as c};
