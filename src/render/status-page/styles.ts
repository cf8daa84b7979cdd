// The page's one stylesheet, inline (its hash is in the CSP). Colours by status, as the
// text and Markdown views order them; a tile's name wraps (long names are whole, never cut
// with an ellipsis); `[hidden]` wins over the tiles' own display. Groups
// off screen are not laid out until scrolled to (content-visibility), which is most of the
// time a page of 10,000 tiles takes to open.
export const STATUS_PAGE_STYLE = `
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
`;
