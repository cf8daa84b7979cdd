import{a as u,b as h,c as d}from"./chunk-ER4GMXYI.mjs";import{a as $}from"./chunk-OO5DAZP6.mjs";import{a as o,b as a}from"./chunk-DTTNH5BW.mjs";import"./chunk-6BDXT2B7.mjs";var C=12e3,y={up:"\u{1F7E2}",degraded:"\u{1F7E1}",down:"\u{1F534}",not_checked:"\u26AA"};function j(e,p=C){let c=`**${h(e,e.environment)}**`,m=e.notes.map(t=>`_${a(t)}_`);if(e.results.length===0)return`${[c,...m.map(t=>`
${t}`)].join(`
`)}
`;let r=["| Status | Monitor | Check | Result |","|---|---|---|---|"],n=d(e.results),i=$(n.map(t=>`| ${y[t.status]} ${u[t.status]} | ${o(t.name,!0)} | ${t.type} ${o(t.target,!0)} | ${a(t.reason)} |`),p-r.join(`
`).length),g=[...r,...i],s=n.length-i.length,k=s>0?[`**Cut to fit a comment:** ${s} result${s===1?"":"s"} left out (the least severe); the job log has them all.`,""]:[],f=e.summary.down+e.summary.degraded>0?" open":"",l=n.length;return`${[c,"",`<details${f}>`,`<summary>Show ${l} check${l===1?"":"s"}</summary>`,"",...g,"",...k,...m.flatMap(t=>[t,""]),"</details>"].join(`
`)}
`}export{C as CHECK_MARKDOWN_BUDGET,j as renderCheckMarkdown};
