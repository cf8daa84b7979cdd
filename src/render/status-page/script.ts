// The page's one script, inline (its hash is in the CSP): the filters by name, tag and
// status. It reads the tiles' data attributes and sets `hidden`; it never writes markup,
// so nothing a name holds is ever parsed as HTML.
export const STATUS_PAGE_SCRIPT = `(() => {
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
})();`;
