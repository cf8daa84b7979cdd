function c(e){if(e.skipped)return"not run (an earlier environment failed)";if(!e.ok)return`failed (exit ${e.code})`;let o=(e.markdown??"").split(`
`)[0]??"",n=/^\*\*(.+)\*\*$/.exec(o.trim()),r=(n?n[1]:o.trim()||"done").replace(/^Plan for \S+(?= \(|:)/,"Plan").replace(/^(No changes in the targeted monitors) of \S+ /,"$1 ").replace(/^No changes in (?!the targeted )\S+\./,"No changes.");return e.check==="failed"?`${r} Check: a monitor is down, or the check failed.`:r}function h(e,o,n,r=6e4){let i=[`#### monitors ${e} \`${o}\``,"",...n.map(t=>`- **${t.name}**: ${c(t)}`),""],a=Math.floor((r-i.join(`
`).length)/Math.max(1,n.length))-200,s=n.map(t=>[`##### ${t.name}`,"",l(t.body,a),""].join(`
`));return`${[...i,...s].join(`
`).trimEnd()}
`}function l(e,o){if(e.length<=o)return e.trimEnd();let n=e.slice(0,Math.max(0,o)),r=n.lastIndexOf(`
`);r>0&&(n=n.slice(0,r));let i=[];(n.match(/^```/gm)??[]).length%2===1&&i.push("```");let a=(n.match(/<details>/g)??[]).length-(n.match(/<\/details>/g)??[]).length;i.push("","\u2026 (cut to share the comment with the other environments: the full plan is in the job summary and log)");for(let t=0;t<a;t+=1)i.push("","</details>");return`${n}
${i.join(`
`)}`}export{h as a};
