import{a as s,b as c,c as u}from"./chunk-ER4GMXYI.mjs";import{a as o}from"./chunk-FC5QFWMO.mjs";import"./chunk-6BDXT2B7.mjs";var p={up:"\x1B[32m",degraded:"\x1B[33m",down:"\x1B[31m",not_checked:"\x1B[90m"},i="\x1B[0m";function b(n,a){let e=[],h=Math.max(...Object.values(s).map(t=>t.length));for(let t of u(n.results)){let r=s[t.status].padEnd(h),m=a.color?`${p[t.status]}${r}${i}`:r;e.push(`${m}  ${o(t.name)} (${t.type} ${o(t.target)}): ${o(t.reason)}`)}for(let t of n.notes)e.push(o(t));return e.length>0&&e.push(""),e.push(c(n)),`${e.join(`
`)}
`}export{b as renderCheckText};
