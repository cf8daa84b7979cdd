-- Driven by tests/editors/neovim.test.ts in `nvim --headless`, after the Neovim 0.7 block of
-- docs/editor.md ran as the user's init.lua (so the client, omnifunc and the code lens
-- refresh are the documented ones; nothing here starts or configures the client). It opens
-- the file, then writes one line per thing seen: the diagnostics after opening, after an
-- edit that gives the second monitor the first one's name and after undoing it (the column
-- in UTF-16 code units, 1-based like `monitors validate`); the code lenses; what
-- <C-x><C-o> completes on a new monitor's `type: `; and the lenses after leaving insert mode.
local out = {}
local function wait(ms, accept) return vim.wait(ms, accept, 50) end

vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('MONITORS_FILE')))

local function record(stage)
  local found = vim.diagnostic.get(0)
  table.sort(found, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  for _, d in ipairs(found) do
    local text = vim.api.nvim_buf_get_lines(0, d.lnum, d.lnum + 1, false)[1] or ''
    local _, col16 = vim.str_utfindex(text, d.col)
    table.insert(out, string.format('%s\t%d\t%d\t%s\t%s', stage, d.lnum + 1, col16 + 1, tostring(d.code), d.message))
  end
  if #found == 0 then table.insert(out, stage .. '\tnone') end
end

local function lenses(stage)
  local found = vim.lsp.codelens.get(0)
  table.sort(found, function(a, b) return a.range.start.line < b.range.start.line end)
  for _, l in ipairs(found) do
    table.insert(out, string.format('%s\t%d\t%s', stage, l.range.start.line + 1, l.command and l.command.title or ''))
  end
end

local function settle(accept) return wait(20000, function() return accept(#vim.diagnostic.get(0)) end) end

settle(function(n) return n > 0 end)
record('open')
local before = #vim.diagnostic.get(0)
-- The second monitor's name, on line MONITORS_RENAME_LINE, becomes the first one's.
local row = tonumber(os.getenv('MONITORS_RENAME_LINE')) - 1
local text = vim.api.nvim_buf_get_lines(0, row, row + 1, false)[1]
local from, to = text:find('other', 1, true)
vim.api.nvim_buf_set_text(0, row, from - 1, row, to, { os.getenv('MONITORS_FIRST_NAME') })
settle(function(n) return n > before end)
record('clash')
vim.cmd('silent undo')
settle(function(n) return n == before end)
record('undone')

-- The lenses the documented on_attach asked for.
wait(20000, function() return #vim.lsp.codelens.get(0) >= 2 end)
lenses('lens')

-- A third monitor, typed; <C-x><C-o> on `type: ` (the omnifunc the block set). Typed keys
-- are read by Neovim's main loop, so from here on each step waits on a timer, not vim.wait.
table.insert(out, 'omnifunc\t' .. vim.api.nvim_buf_get_option(0, 'omnifunc'))
local last = vim.api.nvim_buf_line_count(0)
vim.api.nvim_buf_set_lines(0, last, last, false, { '  - name: third', '    url: https://third.example.com/', '    type: ' })
vim.api.nvim_win_set_cursor(0, { last + 3, 9 })

local function finish()
  vim.fn.writefile(out, os.getenv('MONITORS_OUT'))
  for _, client in ipairs(vim.lsp.get_active_clients()) do client.stop() end
  vim.cmd('qa!')
end
local function poll(accept, next, left)
  left = left or 400 -- 20 s
  if accept() then return next() end
  if left == 0 then
    table.insert(out, 'timeout')
    return finish()
  end
  vim.defer_fn(function() poll(accept, next, left - 1) end, 50)
end
local function type(keys) vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'nt', false) end

type('A<C-x><C-o>')
poll(function() return #vim.fn.complete_info({ 'items' }).items > 0 end, function()
  local labels = {}
  for _, item in ipairs(vim.fn.complete_info({ 'items' }).items) do table.insert(labels, item.word) end
  table.insert(out, 'complete\t' .. table.concat(labels, ','))
  -- Close the menu, type http, leave insert mode: InsertLeave (the block's autocmd) asks for the lenses again.
  type('<C-e>http<Esc>')
  poll(function() return vim.api.nvim_get_mode().mode == 'n' and #vim.lsp.codelens.get(0) >= 3 end, function()
    table.insert(out, 'typed\t' .. vim.api.nvim_buf_get_lines(0, last + 2, last + 3, false)[1])
    lenses('after')
    finish()
  end)
end)
