import"./chunk-JBJVVJLC.mjs";var l=1;function m(r){return`${JSON.stringify({format_version:1,environment:null,environments:r},null,2)}
`}function a(r){if(r.length===0)return`No environments declared (settings.environments): plan and apply run without --env.
`;let t=[["environment","token variable","monitors","lock file","api url"],...r.map(n=>[n.name,n.token_env??"-",String(n.monitors),n.lock_file,n.api_url??"-"])],i=t[0].map((n,e)=>Math.max(...t.map(o=>o[e].length)));return`${t.map(n=>n.map((e,o)=>e.padEnd(i[o])).join("  ").trimEnd()).join(`
`)}
`}export{l as ENVIRONMENTS_FORMAT_VERSION,m as renderEnvironmentsJson,a as renderEnvironmentsText};
