import{a as s,c,d as u}from"./chunk-SNXOWAFK.mjs";import{a as o}from"./chunk-OLR4FEVS.mjs";import"./chunk-JBJVVJLC.mjs";var p={up:"\x1B[32m",degraded:"\x1B[33m",down:"\x1B[31m",not_checked:"\x1B[90m"},i="\x1B[0m";function b(n,a){let e=[],h=Math.max(...Object.values(s).map(t=>t.length));for(let t of u(n.results)){let r=s[t.status].padEnd(h),m=a.color?`${p[t.status]}${r}${i}`:r;e.push(`${m}  ${o(t.name)} (${t.type} ${o(t.target)}): ${o(t.reason)}`)}for(let t of n.notes)e.push(o(t));return e.length>0&&e.push(""),e.push(c(n)),`${e.join(`
`)}
`}export{b as renderCheckText};
