import{a as u,b as o}from"./chunk-6RGZS46C.mjs";import"./chunk-6BDXT2B7.mjs";var d=/<testsuite\b[^>]*>[\s\S]*?<\/testsuite>|<testsuite\b[^>]*\/>/g,p=["tests","failures","errors","skipped"];function b(n,e){let i=[];for(let t of e){let s=t.stdout.match(d);i.push(...s??[l(n,t)])}let r=i.map((t,s)=>t.replace(/^<testsuite id="\d+"/,`<testsuite id="${s}"`)),m=p.map(t=>{let s=r.reduce((a,$)=>a+Number(new RegExp(`^<testsuite\\b[^>]*\\b${t}="(\\d+)"`).exec($)?.[1]??0),0);return`${t}="${s}"`}),c=r.reduce((t,s)=>t+Number(/^<testsuite\b[^>]*\btime="([\d.]+)"/.exec(s)?.[1]??0),0);return`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="monitors ${n}" ${m.join(" ")} time="${c.toFixed(3)}">
${r.map(t=>`  ${t}`).join(`
`)}
</testsuites>
`}function l(n,e){let i=e.output.trim()||`exit ${e.code}`,r=i.split(`
`)[0];return`<testsuite id="0" name="${o(`monitors ${n} (${e.name})`)}" tests="1" failures="0" errors="1" skipped="0" time="0.000">
    <testcase name="${o(e.name)}" classname="${o(`${n}.${e.name}`)}" time="0.000">
      <error type="exit_${e.code}" message="${o(r)}">${u(i)}</error>
    </testcase>
  </testsuite>`}export{b as renderAllJunit};
