import{b as a}from"./chunk-OFKW4HKG.mjs";import{b as o}from"./chunk-6RGZS46C.mjs";import"./chunk-6BDXT2B7.mjs";var i={up:"#4c1",degraded:"#dfb317",down:"#e05d44",pending:"#007ec6",unknown:"#9f9f9f"};function p(e){if(e.monitors.length===1){let l=e.monitors[0];return{label:l.name,message:a(l),colour:i[l.status??"unknown"]??i.unknown}}let s=e.summary,t=s.by_status,n=[`${t.up} up`];t.degraded>0&&n.push(`${t.degraded} degraded`),t.down>0&&n.push(`${t.down} down`);let r=Object.values(t).reduce((l,g)=>l+g,0)-t.up-t.degraded-t.down;r>0&&n.push(`${r} other`);let f=s.managed===0?i.unknown:t.down>0?i.down:t.degraded>0?i.degraded:i.up;return{label:"monitors",message:s.managed===0?"none":n.join(", "),colour:f}}var d=e=>[...e].length*7+10;function h(e){let s=d(e.label),t=d(e.message),n=s+t,r=o(`${e.label}: ${e.message}`);return`<svg xmlns="http://www.w3.org/2000/svg" width="${n}" height="20" role="img" aria-label="${r}">
<title>${r}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${n}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${s}" height="20" fill="#555"/><rect x="${s}" width="${t}" height="20" fill="${e.colour}"/><rect width="${n}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${s/2}" y="15" fill="#010101" fill-opacity=".3">${o(e.label)}</text><text x="${s/2}" y="14">${o(e.label)}</text>
<text x="${s+t/2}" y="15" fill="#010101" fill-opacity=".3">${o(e.message)}</text><text x="${s+t/2}" y="14">${o(e.message)}</text>
</g>
</svg>
`}export{h as renderBadge,p as statusBadge};
