import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
import"./chunk-JBJVVJLC.mjs";import{createHash as k}from"node:crypto";var v=t=>`'sha256-${k("sha256").update(t,"utf8").digest("base64")}'`;function S(t,n){return["default-src 'none'",`style-src ${v(t)}`,`script-src ${v(n)}`,"base-uri 'none'","form-action 'none'"].join("; ")}var I={"&":"&amp;","<":"&lt;",">":"&gt;",'"':"&quot;","'":"&#39;"};function a(t){return t.replace(/[&<>"']/g,n=>I[n])}var m={down:"down",degraded:"degraded",unknown:"another status",awaiting_allowlist:"awaiting allowlist",pending:"pending",deleted:"deleted outside the tool",not_created:"not created",maintenance:"maintenance",paused:"paused",up:"up"},w=Object.keys(m),_=new Set(["up","degraded","down","paused","not_created","deleted"]);function y(t){return t>=1?"100%":`${(Math.floor(t*1e4)/100).toFixed(2)}%`}var C="No group";function E(t){let n=new Map;for(let o of t.rows){let r=n.get(o.group);r?r.push(o):n.set(o.group,[o])}return[...n.keys()].sort((o,r)=>o===null?1:r===null||o<r?-1:o>r?1:0).map(o=>{let r=n.get(o),s=r.map(R).join(`
`);return`<section class="group"><h3>${a(o??C)} (${r.length})</h3>
<ul class="grid">
${s}
</ul></section>`}).join(`
`)}function R(t){let{row:n,category:i,tags:o,timeline:r}=t,s=i==="unknown"?n.server_status??m.unknown:m[i],l=r?y(r.clearShare):"",c=n.open_incidents?.length??0,e=[s,n.last_check_at?`last check ${n.last_check_at}`:void 0,c>0?`${c} open incident${c===1?"":"s"}: ${n.open_incidents.map(d=>d.summary).join("; ")}`:void 0,l?`${l} without an open incident`:void 0,o.length>0?`tags: ${o.join(", ")}`:void 0,n.note].filter(d=>d!==void 0);return`<li class="tile s-${i}" data-n="${a(n.name.toLowerCase())}" data-t="${a(o.join(","))}" data-s="${i}" title="${a(e.join(" \xB7 "))}"><b>${a(n.name)}</b><i>${a(s)}${l?` \xB7 ${l}`:""}</i></li>`}var $=`(() => {
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
.summary{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.summary li{border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;min-width:110px}
.summary b{display:block;font-size:20px}
.summary .c-up b{color:var(--up)}.summary .c-degraded b{color:#9a6700}.summary .c-down b{color:var(--down)}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:16px 0;padding:8px 0;border-bottom:1px solid #d0d7de;position:sticky;top:0;background:#fff}
.filters input,.filters select{font:inherit;padding:4px 6px}
.group{content-visibility:auto;contain-intrinsic-size:auto 600px}
.grid{display:flex;flex-wrap:wrap;gap:4px;margin:0;padding:0;list-style:none}
.tile{display:flex;flex-direction:column;width:176px;padding:4px 6px;border-radius:4px;border-left:6px solid var(--unknown);background:#f6f8fa;overflow:hidden}
.tile b{font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
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
`;var A=100,P=1100,g=260,j=70,u=16,x=20;function T(t,n,i,o){if(!t.report.incidents_read)return'<p class="note">Incidents were not read: no timeline.</p>';let r=t.rows.filter(p=>p.timeline!==null&&p.timeline.spans.length>0).sort((p,h)=>p.timeline.clearShare-h.timeline.clearShare||G(p.row.name,h.row.name));if(r.length===0)return`<p class="note">No incident in the last ${o} days.</p>`;let s=r.slice(0,A),l=P-g-j,c=p=>g+(p-n)/(i-n||1)*l,e=x+s.length*u+4,d=[`<svg viewBox="0 0 ${P} ${e}" role="img" aria-label="Incidents over the last ${o} days">`,...L(n,i,c,e),...s.map((p,h)=>O(p,x+h*u,c,l)),"</svg>"],f=r.length-s.length;return`${d.join(`
`)}${f>0?`
<p class="note">And ${f} more monitors with incidents (the timeline shows the ${A} with the most time with one open).</p>`:""}`}function O(t,n,i,o){let r=t.timeline.spans.map(s=>{let l=i(s.from),c=Math.max(1,i(s.to)-l),e=`${new Date(s.from).toISOString()} to ${s.open?"now (open)":new Date(s.to).toISOString()}`;return`<rect class="${s.open?"open":"resolved"}" x="${l.toFixed(1)}" y="${n+2}" width="${c.toFixed(1)}" height="${u-4}"><title>${a(`${t.row.name}: ${s.summary} (${e})`)}</title></rect>`});return[`<text class="label" x="${g-6}" y="${n+u-4}" text-anchor="end">${a(M(t.row.name,40))}</text>`,`<rect class="track" x="${g}" y="${n+2}" width="${o}" height="${u-4}"/>`,...r,`<text class="label" x="${g+o+6}" y="${n+u-4}">${y(t.timeline.clearShare)}</text>`].join("")}function L(t,n,i,o){let r=[],l=Math.ceil((n-t)/864e5),c=Math.max(1,Math.ceil(l/10));for(let e=Math.ceil(t/864e5)*864e5,d=0;e<=n;e+=864e5,d+=1)r.push(`<line class="axis" x1="${i(e).toFixed(1)}" x2="${i(e).toFixed(1)}" y1="${x-4}" y2="${o}"/>`),d%c===0&&r.push(`<text class="day" x="${i(e).toFixed(1)}" y="${x-8}">${new Date(e).toISOString().slice(5,10)}</text>`);return r}function M(t,n){return t.length>n?`${t.slice(0,n-1)}\u2026`:t}function G(t,n){return t<n?-1:t>n?1:0}function oe(t){let n=t.environments.flatMap(e=>e.rows),i=new Map(w.map(e=>[e,0]));for(let e of n)i.set(e.category,i.get(e.category)+1);let o=[...new Set(n.flatMap(e=>e.tags))].sort(),r=Date.parse(t.windowStart),s=Date.parse(t.generatedAt),l=t.environments.reduce((e,d)=>e+d.report.summary.unmanaged,0),c=t.environments.map(e=>{let d=e.report.environment,f=e.report.notes.map(p=>`<p class="note">${a(p)}</p>`).join(`
`);return['<section class="environment">',`<h2>${d?`Environment ${a(d)}`:"Monitors"} (${e.rows.length})</h2>`,f,E(e),`<section class="timeline"><h3>Incidents, last ${t.days} days</h3>`,T(e,r,s,t.days),"</section></section>"].join(`
`)});return`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${a(S(b,$))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Monitors status</title>
<style>${b}</style>
</head>
<body>
<h1>Monitors status</h1>
<p class="meta">${n.length} managed monitors; made ${a(t.generatedAt)} by monitors status${l>0?`; ${l} unmanaged monitors not shown`:""}.</p>
<ul class="summary">
${w.filter(e=>_.has(e)||i.get(e)>0).map(e=>`<li class="c-${e}"><b>${i.get(e)}</b>${a(m[e])}</li>`).join(`
`)}
</ul>
<div class="filters">
<label>Name <input id="f-name" type="search" placeholder="part of a name" autocomplete="off"></label>
<label>Tag <select id="f-tag"><option value="">any</option>${o.map(e=>`<option value="${a(e)}">${a(e)}</option>`).join("")}</select></label>
<label>Status <select id="f-status"><option value="">any</option>${w.filter(e=>i.get(e)>0).map(e=>`<option value="${e}">${a(m[e])}</option>`).join("")}</select></label>
<output id="f-shown"></output>
</div>
${c.join(`
`)}
<script>${$}</script>
</body>
</html>
`}export{oe as renderStatusPage};
