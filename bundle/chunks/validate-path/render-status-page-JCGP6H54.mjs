import"./chunk-6BDXT2B7.mjs";import{createHash as k}from"node:crypto";var v=t=>`'sha256-${k("sha256").update(t,"utf8").digest("base64")}'`;function S(t,e){return["default-src 'none'",`style-src ${v(t)}`,`script-src ${v(e)}`,"base-uri 'none'","form-action 'none'"].join("; ")}var C={"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"};function s(t){return t.replace(/[&<>"']/g,e=>C[e])}var m={down:"down",degraded:"degraded",unknown:"another status",awaiting_allowlist:"awaiting allowlist",pending:"pending",deleted:"deleted outside the tool",not_created:"not created",maintenance:"maintenance",paused:"paused",up:"up"},u=Object.keys(m),P=new Set(["up","degraded","down","paused","not_created","deleted"]);function y(t){return t>=1?"100%":`${(Math.floor(t*1e4)/100).toFixed(2)}%`}var I="No group";function _(t){let e=new Map;for(let r of t.rows){let i=e.get(r.group);i?i.push(r):e.set(r.group,[r])}return[...e.keys()].sort((r,i)=>r===null?1:i===null||r<i?-1:r>i?1:0).map(r=>{let i=j(e.get(r)),a=i.map(O).join(`
`);return`<section class="group"><h3>${s(r??I)} (${i.length})</h3>
<ul class="grid">
${a}
</ul></section>`}).join(`
`)}function j(t){let e=n=>u.indexOf(n.category);return t.map((n,r)=>({row:n,index:r})).sort((n,r)=>e(n.row)-e(r.row)||n.index-r.index).map(({row:n})=>n)}function O(t){let{row:e,category:n,tags:r,timeline:i}=t,a=n==="unknown"?e.server_status??m.unknown:m[n],l=i?y(i.clearShare):"",c=e.open_incidents?.length??0,o=[a,e.last_check_at?`last check ${e.last_check_at}`:void 0,c>0?`${c} open incident${c===1?"":"s"}: ${e.open_incidents.map(d=>d.summary).join("; ")}`:void 0,l?`${l} without an open incident`:void 0,r.length>0?`tags: ${r.join(", ")}`:void 0,e.note].filter(d=>d!==void 0);return`<li class="tile s-${n}" data-n="${s(e.name.toLowerCase())}" data-t="${s(r.join(","))}" data-s="${n}" title="${s(o.join(" \xB7 "))}"><b>${M(e.name)}</b><i>${s(a)}${l?` \xB7 ${l}`:""}</i></li>`}function M(t){return t.split(/( +)/).map(e=>e.includes("-")&&e.length<=24?`<span class="nb">${s(e)}</span>`:s(e)).join("")}var $=`(() => {
  const byId = (id) => document.getElementById(id);
  const name = byId('f-name'), tag = byId('f-tag'), status = byId('f-status'), shown = byId('f-shown');
  const tiles = Array.from(document.querySelectorAll('.tile'));
  const groups = Array.from(document.querySelectorAll('.group'));
  const apply = () => {
    const text = name.value.trim().toLowerCase(), t = tag.value, s = status.value;
    let count = 0;
    for (const tile of tiles) {
      const d = tile.dataset;
      const ok = (text === '' || d.n.includes(text)) && (t === '' || d.t.split(',').includes(t)) && (s === '' || d.s === s);
      tile.hidden = !ok;
      if (ok) count += 1;
    }
    for (const group of groups) group.hidden = group.querySelector('.tile:not([hidden])') === null;
    shown.textContent = count + ' of ' + tiles.length + ' shown';
  };
  for (const input of [name, tag, status]) input.addEventListener('input', apply);
  // Nothing is filtered when the page opens: touching 10,000 tiles would only slow it.
  shown.textContent = tiles.length + ' of ' + tiles.length + ' shown';
})();`;var b=`
:root{--up:#2da44e;--degraded:#d4a72c;--down:#cf222e;--paused:#8c959f;--pending:#54aeff;--maintenance:#8250df;--awaiting_allowlist:#bf8700;--unknown:#6e7781;--not_created:#d0d7de;--deleted:#57606a}
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:16px 24px;color:#1f2328;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:24px 0 8px}h3{font-size:14px;margin:12px 0 6px;color:#59636e}
.meta{color:#59636e;margin:0 0 12px}
.summary{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 8px;padding:0;list-style:none}
.summary li{border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;min-width:110px}
.summary b{display:block;font-size:20px}
.summary .c-up b{color:var(--up)}.summary .c-degraded b{color:#9a6700}.summary .c-down b{color:var(--down)}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:16px 0;padding:8px 0;border-bottom:1px solid #d0d7de;position:sticky;top:0;background:#fff}
.filters input,.filters select{font:inherit;padding:4px 6px}
.group{content-visibility:auto;contain-intrinsic-size:auto 600px}
.grid{display:flex;flex-wrap:wrap;gap:4px;margin:0;padding:0;list-style:none}
.tile{display:flex;flex-direction:column;width:220px;padding:4px 6px;border-radius:4px;border-left:6px solid var(--unknown);background:#f6f8fa}
.tile b{font-weight:600;white-space:normal;overflow-wrap:anywhere}.tile .nb{white-space:nowrap}
.tile i{font-style:normal;font-size:12px;color:#59636e}
.s-up{border-color:var(--up)}.s-degraded{border-color:var(--degraded);background:#fff8c5}.s-down{border-color:var(--down);background:#ffebe9}
.s-paused{border-color:var(--paused)}.s-pending{border-color:var(--pending)}.s-maintenance{border-color:var(--maintenance)}
.s-awaiting_allowlist{border-color:var(--awaiting_allowlist)}.s-not_created{border-color:var(--not_created);border-left-style:dashed}
.s-deleted{border-color:var(--deleted);border-left-style:dotted}
[hidden]{display:none!important}
.timeline svg{width:100%;height:auto;max-width:1100px;font:11px system-ui,sans-serif}
.timeline .axis{stroke:#d0d7de}.timeline .label{fill:#1f2328}.timeline .day{fill:#59636e}
.timeline .open{fill:var(--down)}.timeline .resolved{fill:#fd8c73}.timeline .track{fill:#f6f8fa}
.note{color:#59636e;font-style:italic}
`;var E=100,A=1100,f=260,L=70,g=16,x=20;function T(t,e,n,r){if(!t.report.incidents_read)return'<p class="note">Incidents were not read: no timeline.</p>';let i=t.rows.filter(p=>p.timeline!==null&&p.timeline.spans.length>0).sort((p,w)=>p.timeline.clearShare-w.timeline.clearShare||U(p.row.name,w.row.name));if(i.length===0)return`<p class="note">No incident in the last ${r} days.</p>`;let a=i.slice(0,E),l=A-f-L,c=p=>f+(p-e)/(n-e||1)*l,o=x+a.length*g+4,d=[`<svg viewBox="0 0 ${A} ${o}" role="img" aria-label="Incidents over the last ${r} days">`,...D(e,n,c,o),...a.map((p,w)=>G(p,x+w*g,c,l)),"</svg>"],h=i.length-a.length;return`${d.join(`
`)}${h>0?`
<p class="note">And ${h} more monitors with incidents (the timeline shows the ${E} with the most time with one open).</p>`:""}`}function G(t,e,n,r){let i=t.timeline.spans.map(a=>{let l=n(a.from),c=Math.max(1,n(a.to)-l),o=`${new Date(a.from).toISOString()} to ${a.open?"now (open)":new Date(a.to).toISOString()}`;return`<rect class="${a.open?"open":"resolved"}" x="${l.toFixed(1)}" y="${e+2}" width="${c.toFixed(1)}" height="${g-4}"><title>${s(`${t.row.name}: ${a.summary} (${o})`)}</title></rect>`});return[`<text class="label" x="${f-6}" y="${e+g-4}" text-anchor="end">${s(N(t.row.name,40))}</text>`,`<rect class="track" x="${f}" y="${e+2}" width="${r}" height="${g-4}"/>`,...i,`<text class="label" x="${f+r+6}" y="${e+g-4}">${y(t.timeline.clearShare)}</text>`].join("")}function D(t,e,n,r){let i=[],l=Math.ceil((e-t)/864e5),c=Math.max(1,Math.ceil(l/10));for(let o=Math.ceil(t/864e5)*864e5,d=0;o<=e;o+=864e5,d+=1)i.push(`<line class="axis" x1="${n(o).toFixed(1)}" x2="${n(o).toFixed(1)}" y1="${x-4}" y2="${r}"/>`),d%c===0&&i.push(`<text class="day" x="${n(o).toFixed(1)}" y="${x-8}">${new Date(o).toISOString().slice(5,10)}</text>`);return i}function N(t,e){return t.length>e?`${t.slice(0,e-1)}\u2026`:t}function U(t,e){return t<e?-1:t>e?1:0}function ae(t){let e=t.environments.flatMap(o=>o.rows),n=R(e),r=[...new Set(e.flatMap(o=>o.tags))].sort(),i=Date.parse(t.windowStart),a=Date.parse(t.generatedAt),l=t.environments.reduce((o,d)=>o+d.report.summary.unmanaged,0),c=t.environments.map(o=>{let d=o.report.environment,h=o.report.notes.map(p=>`<p class="note">${s(p)}</p>`).join(`
`);return['<section class="environment">',`<h2>${d?`Environment ${s(d)}`:"Monitors"} (${o.rows.length})</h2>`,Y(o.rows,d),h,_(o),`<section class="timeline"><h3>Incidents, last ${t.days} days</h3>`,T(o,i,a,t.days),"</section></section>"].join(`
`)});return`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${s(S(b,$))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Monitors status</title>
<style>${b}</style>
</head>
<body>
<h1>Monitors status</h1>
<p class="meta">${e.length} managed monitors; made ${s(t.generatedAt)} by monitors status${l>0?`; ${l} unmanaged monitors not shown`:""}.</p>
<div class="filters">
<label>Name <input id="f-name" type="search" placeholder="part of a name" autocomplete="off"></label>
<label>Tag <select id="f-tag"><option value="">any</option>${r.map(o=>`<option value="${s(o)}">${s(o)}</option>`).join("")}</select></label>
<label>Status <select id="f-status"><option value="">any</option>${u.filter(o=>n.get(o)>0).map(o=>`<option value="${o}">${s(m[o])}</option>`).join("")}</select></label>
<output id="f-shown"></output>
</div>
${c.join(`
`)}
<script>${$}</script>
</body>
</html>
`}function R(t){let e=new Map(u.map(n=>[n,0]));for(let n of t)e.set(n.category,e.get(n.category)+1);return e}function Y(t,e){let n=R(t);return`<ul class="summary"${e?` aria-label="${s(`Environment ${e}`)}"`:""}>
${u.filter(i=>P.has(i)||n.get(i)>0).map(i=>`<li class="c-${i}"><b>${n.get(i)}</b>${s(m[i])}</li>`).join(`
`)}
</ul>`}export{ae as renderStatusPage};
